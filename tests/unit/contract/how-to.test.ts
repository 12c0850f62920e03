/**
 * docs/how-to.md and docs/development.md's "Adding an operation" name the files each everyday change touches: every
 * file they name must exist, except the ones they say are new. A file moved or renamed fails here, so the
 * guides move with the code.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Paths in backticks that start with a folder of the repository: `src/…`, `openapi/…`, `tests/…`, `scripts/…`. */
function namedPaths(markdown: string): { path: string; isNew: boolean }[] {
  const named: { path: string; isNew: boolean }[] = [];
  for (const match of markdown.matchAll(/`((?:src|openapi|tests|scripts|docs|bench)\/[^`\s]+)`( \(new)?/g)) {
    named.push({ path: (match[1] ?? '').replace(/\/$/, ''), isNew: match[2] !== undefined });
  }
  return named;
}

/** docs/development.md's "Adding an operation" section; the whole of docs/how-to.md. */
function guide(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (file !== 'docs/development.md') return text;
  const start = text.indexOf('### Adding an operation');
  return text.slice(start, text.indexOf('\n## ', start));
}

describe.each(['docs/how-to.md', 'docs/development.md'])('the files %s names', (file) => {
  // A placeholder (`<entity>`) names a kind of file, not one.
  const named = namedPaths(guide(file)).filter((entry) => !/[<*]/.test(entry.path));

  it('are found in it', () => {
    expect(named.length).toBeGreaterThan(file === 'docs/development.md' ? 4 : 15);
  });

  it('exist, except the new ones', () => {
    const missing = named.filter((entry) => !entry.isNew && !existsSync(entry.path)).map((entry) => entry.path);
    expect(missing).toEqual([]);
  });

  it('say which are new only of files that do not exist yet', () => {
    const present = named.filter((entry) => entry.isNew && existsSync(entry.path)).map((entry) => entry.path);
    expect(present).toEqual([]);
  });
});

describe('the new migration docs/how-to.md names', () => {
  it('is numbered after the last one, so following the guide adds a migration and replaces none', () => {
    const last = Math.max(...readdirSync('src/server/db/migrations').map((file) => Number.parseInt(file, 10)));
    const named = namedPaths(guide('docs/how-to.md')).filter((entry) => entry.isNew && entry.path.startsWith('src/server/db/migrations/'));
    expect(named.length).toBeGreaterThan(0);
    for (const entry of named) expect(Number.parseInt(entry.path.slice('src/server/db/migrations/'.length), 10)).toBe(last + 1);
  });
});
