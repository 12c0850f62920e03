import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, at any depth, but the top-level entries named in `skip`; none if it is missing. */
export function filesUnder(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !skip.has(name))
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}
