/**
 * The MCP client configurations on the Authentication page, as a user pastes them: each JSON block parses,
 * and Claude Desktop's bridge gets its token from the server's own `env` block, since Claude Desktop passes
 * the bridge no variable of the user's shell (mcp-remote's "Custom Headers": `--header "Name:${VAR}"` with
 * `VAR` in `env`, no space around the colon).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { substituteBrand } from '../../../scripts/generate/brand.ts';
import { brandFromEnv } from '../../../src/shared/brand.ts';

const page = substituteBrand(readFileSync('openapi/docs/authentication.md', 'utf8'), brandFromEnv({}));
const section = page.slice(page.indexOf('## Connect an AI assistant'));
const jsonBlocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1] as string) as Record<string, unknown>);

type StdioServer = { command: string; args: string[]; env?: Record<string, string> };

describe('assistant configurations on the Authentication page', () => {
  it('are valid JSON, one per client', () => {
    expect(jsonBlocks.length).toBeGreaterThanOrEqual(3);
  });

  it("give Claude Desktop's mcp-remote the token header from a variable of its env block", () => {
    const claude = jsonBlocks.find((block) => JSON.stringify(block).includes('mcp-remote')) as { mcpServers: Record<string, StdioServer> };
    const [server] = Object.values(claude.mcpServers);
    expect(server?.args).toContain('mcp-remote');
    const header = server?.args[server.args.indexOf('--header') + 1] ?? '';
    expect(header).toMatch(/^ACME-API-TOKEN:\$\{[A-Z_]+\}$/);
    const variable = /\$\{([A-Z_]+)\}/.exec(header)?.[1] ?? '';
    expect(Object.keys(server?.env ?? {})).toContain(variable);
  });
});
