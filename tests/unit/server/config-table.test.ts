/**
 * Configuration is declared once (CONFIG_VARIABLES in src/server/config.ts): `.env.example` and the table
 * in docs/configuration.md say the same names, defaults and meanings, or this fails naming the difference.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, parseConfig, type ConfigVariable } from '../../../src/server/config.ts';

const variables: ConfigVariable<unknown>[] = Object.values(CONFIG_VARIABLES);

/** A docs row as the declaration writes it. */
function docsRow(declared: ConfigVariable<unknown>): string {
  const shown = declared.defaultText ?? (declared.default === undefined ? 'unset' : `\`${declared.default}\``);
  return `| \`${declared.env}\` | ${shown} | ${declared.meaning} |`;
}

/** `NAME=value` lines of .env.example, commented out (`# NAME=value`) or not. */
function envExampleLines(text: string): { env: string; value: string; commented: boolean }[] {
  return text.split('\n').flatMap((line) => {
    const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return match ? [{ env: match[2]!, value: match[3]!, commented: match[1] !== undefined }] : [];
  });
}

describe('the configuration table', () => {
  it('is what docs/configuration.md lists, row by row (build-time variables aside)', () => {
    const rows = readFileSync('docs/configuration.md', 'utf8')
      .split('\n')
      .filter((line) => /^\| `[A-Z]/.test(line) && !line.includes('| Build-time'));
    expect(rows).toEqual(variables.map(docsRow));
  });

  it('is what .env.example sets: each variable once, its default as the value, unset ones commented out', () => {
    const lines = envExampleLines(readFileSync('.env.example', 'utf8'));
    expect(lines.map((line) => line.env).sort()).toEqual(variables.map((declared) => declared.env).sort());
    for (const line of lines) {
      const declared = variables.find((candidate) => candidate.env === line.env);
      if (declared?.default === undefined) expect(line.commented, `${line.env} has no default: commented out`).toBe(true);
      else expect(line.value, line.env).toBe(declared.default);
    }
  });

  it('gives Config its defaults', () => {
    const config = parseConfig({}, '/srv/portal');
    for (const [key, declared] of Object.entries(CONFIG_VARIABLES)) {
      const value: unknown = config[key as keyof typeof config];
      if (declared.default === undefined) expect(value, declared.env).toBeUndefined();
      else if (key.endsWith('Dir')) expect(value, declared.env).toBe(`/srv/portal/${declared.default.replace(/^\.\//, '')}`);
      else expect(String(value), declared.env).toBe(declared.default);
    }
  });
});
