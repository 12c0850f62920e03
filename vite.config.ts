import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { screens, SHELL_MODULE } from './src/shared/portal-data/screens.ts';

/** The app lives in src/web; `npm run build` writes it to dist/web, which the server serves. */
const apiPort = Number(process.env.PORT ?? 8080);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** The app itself: the tiny entry (main.ts) imports it, after the first paint on a page that came rendered. */
const APP_MODULE = '/boot.tsx';

/** Route modules that almost every visit needs: the shell (all screens but /login) and the documentation (the default screen). */
const SHELL_ROUTE = SHELL_MODULE;
const DOCUMENTATION_ROUTE = screens.documentation.module;
const PRELOADED_ROUTES = [SHELL_ROUTE, DOCUMENTATION_ROUTE];

/**
 * Vite preloads the entry's static imports only, and the entry imports nothing: the app and the router's
 * lazy route chunks would be requested only after the entry has run. So every page gets modulepreload
 * links for the app and its imports (downloading alongside the HTML, evaluated only when the entry
 * imports them), and a tiny async classic script (CSP allows 'self' scripts, not inline ones) adds
 * modulepreload links for the two route chunks and their imports, except on /login, which must not
 * load them. A page rendered at build time lists both instead and starts them once painted
 * (scripts/prerender/compose-document.ts, src/web/main.ts).
 */
function preloadRouteChunks(): Plugin {
  let scriptFile: string | undefined;
  let appFiles: string[] = [];
  return {
    name: 'portal:preload-route-chunks',
    apply: 'build',
    generateBundle: {
      // Before vite:build-html writes index.html (it calls transformIndexHtml below), after chunks got their names.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const closure = (fileName: string, into: Set<string>) => {
          if (already.has(fileName) || into.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach((imported) => closure(imported, into));
        };
        const app = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(APP_MODULE)));
        if (!app) throw new Error(`preload-route-chunks: no chunk for ${APP_MODULE}`);
        const appSet = new Set<string>();
        closure(app.fileName, appSet);
        appFiles = [...appSet];
        appFiles.forEach((fileName) => already.add(fileName));
        const wanted = new Set<string>();
        const visit = (fileName: string) => closure(fileName, wanted);
        for (const route of PRELOADED_ROUTES) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(route)));
          if (!chunk) throw new Error(`preload-route-chunks: no chunk for ${route}`);
          visit(chunk.fileName);
        }
        const hrefs = JSON.stringify([...wanted].map((fileName) => `/${fileName}`));
        const source =
          `(function(){if(location.pathname==='/login')return;${hrefs}.forEach(function(h){` +
          `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});})();\n`;
        const id = this.emitFile({ type: 'asset', name: 'preload-routes.js', source });
        scriptFile = this.getFileName(id);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(): HtmlTagDescriptor[] {
        if (!scriptFile) return [];
        const appPreloads: HtmlTagDescriptor[] = appFiles.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
        return [...appPreloads, { tag: 'script', attrs: { async: true, src: `/${scriptFile}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The first load of a documentation page needs the app, the shell and the documentation route. Left to
 * automatic chunking, that was 46 files, most under 1 KB compressed, each a request. So each of the three
 * is one chunk of everything it imports statically, except what the entry imports. The app chunk also
 * takes what the login screen shares with the other two, so /login loads nothing it did not load before.
 * Lazy screens, dialogs and the reference data keep their own chunks.
 */
const ENTRY_MODULE = '/main.ts';
const LOGIN_ROUTE = screens.login.module;
const WEB_ROOT = fileURLToPath(new URL('./src/web', import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The module at `path` (under src/web) and everything it imports statically. */
function staticClosure(path: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    graph.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  visit(WEB_ROOT + path);
  return seen;
}

function firstLoadChunks(graph: ModuleGraph): Map<string, string> {
  // The entry's own imports stay with the entry: it must load nothing else before a rendered page paints.
  const entry = staticClosure(ENTRY_MODULE, graph);
  const shell = staticClosure(SHELL_ROUTE, graph);
  const documentation = staticClosure(DOCUMENTATION_ROUTE, graph);
  const chunkOf = new Map<string, string>();
  const assign = (ids: Iterable<string>, chunk: string) => {
    for (const id of ids) if (!entry.has(id) && !chunkOf.has(id)) chunkOf.set(id, chunk);
  };
  assign(staticClosure(APP_MODULE, graph), 'app');
  assign(
    [...staticClosure(LOGIN_ROUTE, graph)].filter((id) => shell.has(id) || documentation.has(id)),
    'app',
  );
  assign(shell, 'shell');
  assign(documentation, 'documentation');
  return chunkOf;
}

/** Rolldown's chunk-naming function for `codeSplitting.groups`: the first-load chunk of a module, or none. */
function firstLoadChunkName(): (moduleId: string, graph: ModuleGraph) => string | null {
  let chunkOf: Map<string, string> | undefined;
  return (moduleId, graph) => {
    chunkOf ??= firstLoadChunks(graph);
    return chunkOf.get(moduleId) ?? null;
  };
}

/**
 * `vite build` builds the app into dist/web; `vite build --ssr` builds the documentation pages' build-time
 * renderer (src/web/prerender) into dist/ssr, which scripts/prerender runs in Node.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: false,
  plugins: isSsrBuild ? [react()] : [react(), preloadRouteChunks()],
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        rolldownOptions: { input: 'src/web/prerender/render-documentation-page.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        // Swagger UI's chunk (about 1.4 MB) is the largest by design: it loads on /documentation/explorer only.
        chunkSizeWarningLimit: 1600,
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: firstLoadChunkName(), debugName: 'first-load', includeDependenciesRecursively: false }] } },
        },
      },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/downloads': apiTarget,
      '/healthz': apiTarget,
    },
  },
}));
