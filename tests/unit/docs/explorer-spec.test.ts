/**
 * The explorer's spec names this portal: its own server first, and the introduction's curl and every example
 * address under the spec's example host rewritten to the portal's origin, as the reference's code samples are.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/generated/catalogue.ts';
import { withPortalServer } from '../../../src/web/features/docs/lib/explorer-spec.ts';

const spec = JSON.parse(readFileSync('src/generated/openapi.public.json', 'utf8')) as Record<string, unknown>;
const ORIGIN = 'http://localhost:8750';
const exampleBase = catalogue.publicServer.replace('{host}', catalogue.defaultHost);

describe('withPortalServer', () => {
  const shown = withPortalServer(spec, ORIGIN);

  it('puts this portal first and keeps the spec’s own server after it', () => {
    expect(shown.servers).toEqual([{ url: `${ORIGIN}/api/v1`, description: 'This portal' }, ...(spec.servers as unknown[])]);
  });

  it('shows the introduction’s curl with this portal’s base URL', () => {
    const description = (shown.info as { description: string }).description;
    expect((spec.info as { description: string }).description).toContain(`'${exampleBase}/`);
    expect(description).toContain(`'${ORIGIN}/api/v1/`);
    expect(description).not.toContain(exampleBase);
  });

  it('leaves no address under the example host outside the servers list', () => {
    const { servers: _servers, ...rest } = shown;
    expect(JSON.stringify(rest)).not.toContain(exampleBase);
  });
});
