/**
 * Who may import whom, checked by `npm run lint` (docs/decisions/004-layout-and-boundaries.md). The build
 * step (scripts/) and the app (src/web/) meet only in src/shared/ and src/generated/; the server never
 * imports the app; features do not import each other or the app shell; repositories do not reach into
 * plugins or routes; the request log's storage is reached only through its store; and no two modules
 * import each other, type-only imports included.
 */
const { readdirSync } = require('node:fs');

const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    rule('no-circular', 'Modules that import each other, even for a type, cannot be read or moved alone.', {}, { circular: true }),
    rule(
      'web-apart',
      'The app reads the contract from src/shared or src/generated, never from scripts, server or bench.',
      { path: '^src/web/' },
      { path: '^(scripts|src/server|bench)/' },
    ),
    rule('scripts-apart-from-web', 'The build step and the app meet in src/shared.', { path: '^scripts/' }, { path: '^src/web/' }),
    rule('server-apart', 'The server stands alone: what it shares lives in src/shared.', { path: '^src/server/' }, { path: '^(src/web|scripts|bench)/' }),
    rule(
      'shared-depends-on-nothing',
      'src/shared depends on nothing else of the project.',
      { path: '^src/shared/' },
      { path: '^(src/web|src/server|src/generated|scripts|bench)/' },
    ),
    ...features.map((feature) =>
      rule(
        `feature-${feature}-alone`,
        'Features do not import each other: the app (src/web/app) wires them together.',
        { path: `^src/web/features/${feature}/` },
        { path: '^src/web/features/', pathNot: `^src/web/features/${feature}/` },
      ),
    ),
    rule('features-below-app', 'Imports flow shared -> features -> app.', { path: '^src/web/features/' }, { path: '^src/web/app/' }),
    rule(
      'shared-app-pieces-know-no-feature',
      'components/, lib/ and theme/ serve every feature.',
      { path: '^src/web/(components|lib|theme)/' },
      { path: '^src/web/(features|app)/' },
    ),
    rule(
      'repositories-hold-sql',
      'Repositories hold SQL only; the types they need live in lib/.',
      { path: '^src/server/repositories/' },
      { path: '^src/server/(plugins|routes)/' },
    ),
    rule(
      'request-log-behind-its-store',
      'Only src/server/request-log/ knows how the log is stored (docs/scaling.md): the server uses RequestLogStore, and app.ts alone picks the engine.',
      { path: '^(src|scripts)/', pathNot: '^(src/server/request-log/|src/server/app\\.ts$|scripts/seed\\.ts$)' },
      { path: '^src/server/request-log/postgres-' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(src/generated/[^/]+\\.json|dist|bench/results|node_modules)/?' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
