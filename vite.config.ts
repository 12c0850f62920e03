import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The app lives in src/web; `npm run build` writes it to dist/web, which the server serves. */
const apiPort = Number(process.env.PORT ?? 8080);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** The app itself: the tiny entry (main.ts) imports it, after the first paint on a page that came rendered. */
const APP_MODULE = '/boot.tsx';

/** Route modules that almost every visit needs: the shell (all screens but /login) and the documentation (the default screen). */
const PRELOADED_ROUTES = ['/app/shell/shell-route.tsx', '/features/docs/routes/documentation-route.tsx'];

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
        const app = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(APP_MODULE));
        if (!app) throw new Error(`preload-route-chunks: no chunk for ${APP_MODULE}`);
        const appSet = new Set<string>();
        closure(app.fileName, appSet);
        appFiles = [...appSet];
        appFiles.forEach((fileName) => already.add(fileName));
        const wanted = new Set<string>();
        const visit = (fileName: string) => closure(fileName, wanted);
        for (const route of PRELOADED_ROUTES) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(route));
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
 * In the browser the app renders with Preact through its React compatibility layer (docs/decisions/018):
 * the same components, about 50 KB less script than react-dom on every first load. The build-time render
 * (SSR) and the component tests keep React itself.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * `vite build` builds the app into dist/web; `vite build --ssr` builds the documentation pages' build-time
 * renderer (src/web/prerender) into dist/ssr, which scripts/prerender runs in Node.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: false,
  plugins: isSsrBuild ? [react()] : [react(), preloadRouteChunks()],
  resolve: isSsrBuild ? {} : { alias: PREACT_ALIASES },
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
