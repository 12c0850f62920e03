/**
 * The import rules of .dependency-cruiser.cjs (run by `npm run lint`) catch what they promise: a small
 * tree in a temporary directory breaks each rule once, and a clean import passes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IFlattenedRuleSet;

const files: Record<string, string> = {
  'src/web/features/docs/lib/uses-tester.ts': "import { x } from '../../api-tester/lib/tool';\nexport const y = x;\n",
  'src/web/features/docs/lib/uses-app.ts': "import { r } from '../../../app/routes';\nexport const y = r;\n",
  'src/web/features/docs/lib/fine.ts': "import { s } from '../../../../shared/thing';\nexport const y = s;\n",
  'src/web/features/api-tester/lib/tool.ts': 'export const x = 1;\n',
  'src/web/app/routes.ts': 'export const r = 1;\n',
  'src/web/lib/uses-feature.ts': "import { x } from '../features/api-tester/lib/tool';\nexport const y = x;\n",
  'src/web/lib/uses-script.ts': "import { g } from '../../../scripts/gen';\nexport const y = g;\n",
  'scripts/gen.ts': "import { r } from '../src/web/app/routes';\nexport const g = r;\n",
  'src/shared/thing.ts': 'export const s = 1;\n',
  'src/shared/uses-server.ts': "import { p } from '../server/plugins/plugin';\nexport const y = p;\n",
  'src/server/plugins/plugin.ts': "import { t } from '../../web/lib/fine';\nexport const p = t;\n",
  'src/web/lib/fine.ts': 'export const t = 1;\n',
  'src/server/repositories/repo.ts': "import { p } from '../plugins/plugin';\nexport const y = p;\n",
  // The server's layers: a handler reaching into a hook, the public call into a handler, lib/ into a
  // repository and into the file system; a hook asking the public call is the allowed direction.
  'src/server/routes/uses-hook.ts': "import { p } from '../plugins/plugin';\nexport const y = p;\n",
  'src/server/public-api/uses-handler.ts': "import { h } from '../routes/handler';\nexport const y = h;\n",
  'src/server/routes/handler.ts': 'export const h = 1;\n',
  'src/server/plugins/asks-public-call.ts': "import { d } from '../public-api/decision';\nexport const y = d;\n",
  'src/server/public-api/decision.ts': 'export const d = 1;\n',
  'src/server/lib/uses-repository.ts': "import { y } from '../repositories/repo';\nexport const z = y;\n",
  'src/server/lib/reads-files.ts': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
  'src/web/components/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
  'src/web/components/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
  'src/server/request-log/store.ts': 'export type Store = { n: number };\n',
  'src/server/request-log/postgres-store.ts': "import type { Store } from './store';\nexport const store: Store = { n: 1 };\n",
  'src/server/storage.ts': "import { store } from './request-log/postgres-store';\nexport const storage = store;\n",
  'src/server/routes/uses-store.ts': "import type { Store } from '../request-log/store';\nexport const y = (store: Store) => store.n;\n",
  'src/server/routes/uses-tables.ts': "import { store } from '../request-log/postgres-store';\nexport const y = store;\n",
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const cruised = await cruise(['src', 'scripts'], { baseDir: root, validate: true, ruleSet: config, tsPreCompilationDeps: true });
  result = cruised.output as ICruiseResult;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const broken = () => result.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`).sort();

describe('import boundaries', () => {
  it('refuse each forbidden import and nothing else', () => {
    expect(broken()).toEqual([
      'feature-docs-alone: src/web/features/docs/lib/uses-tester.ts -> src/web/features/api-tester/lib/tool.ts',
      'features-below-app: src/web/features/docs/lib/uses-app.ts -> src/web/app/routes.ts',
      'handlers-apart-from-hooks: src/server/routes/uses-hook.ts -> src/server/plugins/plugin.ts',
      'lib-is-pure: src/server/lib/uses-repository.ts -> src/server/repositories/repo.ts',
      'lib-touches-no-files-or-network: src/server/lib/reads-files.ts -> fs',
      'no-circular: src/web/components/a.ts -> src/web/components/b.ts',
      'public-call-below-hooks-and-handlers: src/server/public-api/uses-handler.ts -> src/server/routes/handler.ts',
      'repositories-hold-sql: src/server/repositories/repo.ts -> src/server/plugins/plugin.ts',
      'request-log-behind-its-store: src/server/routes/uses-tables.ts -> src/server/request-log/postgres-store.ts',
      'scripts-apart-from-web: scripts/gen.ts -> src/web/app/routes.ts',
      'server-apart: src/server/plugins/plugin.ts -> src/web/lib/fine.ts',
      'shared-app-pieces-know-no-feature: src/web/lib/uses-feature.ts -> src/web/features/api-tester/lib/tool.ts',
      'shared-depends-on-nothing: src/shared/uses-server.ts -> src/server/plugins/plugin.ts',
      'web-apart: src/web/lib/uses-script.ts -> scripts/gen.ts',
    ]);
  });
});
