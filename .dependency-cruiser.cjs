/**
 * Who may import whom, checked by `npm run lint` (docs/decisions/004-layout-and-boundaries.md). The build
 * step (scripts/) and the app (src/web/) meet only in src/shared/ and src/generated/; the server never
 * imports the app; features do not import each other or the app shell; the server's layers point one
 * way (src/server/README.md); the request log's storage is reached only through its store; and no two
 * modules import each other, type-only imports included.
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
    // The server's layers point one way (src/server/README.md): hooks and handlers apart, the public call
    // below both, storage below that, lib/ at the bottom.
    rule('hooks-apart-from-handlers', 'Hooks (plugins/) do not import handlers (routes/).', { path: '^src/server/plugins/' }, { path: '^src/server/routes/' }),
    rule(
      'handlers-apart-from-hooks',
      'Handlers (routes/) do not import hooks (plugins/) or the MCP adapter.',
      { path: '^src/server/routes/' },
      { path: '^src/server/(plugins|mcp)/' },
    ),
    rule(
      'public-call-below-hooks-and-handlers',
      'src/server/public-api/ is asked by hooks, handlers and the MCP adapter, and imports none of them.',
      { path: '^src/server/public-api/' },
      { path: '^src/server/(plugins|routes|mcp)/' },
    ),
    rule(
      'mcp-below-hooks',
      'The MCP adapter is mounted by a hook and calls the API like any client.',
      { path: '^src/server/mcp/' },
      { path: '^src/server/(plugins|routes)/' },
    ),
    rule(
      'accounts-below-hooks-and-handlers',
      'src/server/accounts/ (signing in, rechecking and closing shadow accounts) serves hooks, handlers and scripts, and imports none of them.',
      { path: '^src/server/accounts/' },
      { path: '^src/server/(plugins|routes|mcp)/' },
    ),
    rule(
      'webhooks-below-hooks-and-handlers',
      'src/server/webhooks/ (the outbox, signing and the delivery workers) serves hooks, handlers and the code that records changes, and imports none of them.',
      { path: '^src/server/webhooks/' },
      { path: '^src/server/(plugins|routes|mcp|public-api|accounts)/' },
    ),
    rule(
      'identity-talks-to-providers-only',
      "src/server/identity/ talks to the provider's directory, OpenID Provider or WMS: no SQL, no handlers, no layer above lib/.",
      { path: '^src/server/identity/' },
      { path: '^src/server/(plugins|routes|public-api|mcp|request-log|repositories|db|accounts)/' },
    ),
    rule(
      'repositories-hold-sql',
      'Repositories hold SQL only: nothing above them, and no other store.',
      { path: '^src/server/repositories/' },
      { path: '^src/server/(webhooks|plugins|routes|public-api|mcp|request-log|io|accounts)/' },
    ),
    rule(
      'request-log-below-the-public-call',
      'The request log stores what the public call hands it and knows nothing above it.',
      { path: '^src/server/request-log/' },
      { path: '^src/server/(webhooks|plugins|routes|public-api|mcp|repositories|io)/' },
    ),
    rule(
      'db-below-everything',
      'The database adapter, migrations and seed know no layer above them.',
      { path: '^src/server/db/' },
      { path: '^src/server/(webhooks|plugins|routes|public-api|mcp|request-log|repositories|io)/' },
    ),
    rule(
      'spec-below-the-layers',
      'Reading the spec and the OperationHandler contract serve every layer above and know none of them.',
      { path: '^src/server/spec/' },
      { path: '^src/server/(webhooks|plugins|routes|public-api|mcp|request-log|repositories|db|io)/' },
    ),
    rule(
      'io-below-the-layers',
      'io/ reads files, runs workers and calls other servers for the layers above; it knows none of them.',
      { path: '^src/server/io/' },
      { path: '^src/server/(webhooks|plugins|routes|public-api|mcp|request-log|repositories|db)/' },
    ),
    rule(
      'lib-is-pure',
      'src/server/lib/ holds no I/O: it imports only lib/, src/shared and src/generated (I/O lives in io/, db/, repositories/).',
      { path: '^src/server/lib/' },
      { path: '^src/server/', pathNot: '^src/server/lib/' },
    ),
    rule(
      'lib-touches-no-files-or-network',
      'src/server/lib/ holds no I/O: no files, workers, processes or sockets (io/ has those).',
      { path: '^src/server/lib/' },
      { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|worker_threads|child_process|cluster|net|tls|http|https|http2|dgram|dns|os|readline)$' },
    ),
    rule(
      'request-log-behind-its-store',
      'Only src/server/request-log/ knows how the log is stored (docs/scaling.md): the server uses RequestLogStore, and storage.ts alone picks the engine.',
      { path: '^(src|scripts)/', pathNot: '^(src/server/request-log/|src/server/storage\\.ts$|scripts/seed\\.ts$)' },
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
