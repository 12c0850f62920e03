// @ts-check
/**
 * A vite plugin for the first start's app build (scripts/build-web.mjs --after-generate), which begins while
 * src/generated is still being written. Every other module is read and transformed meanwhile; what comes
 * from a generated/ folder waits until `generated` resolves:
 * - an import from it resolves at once to the file it will be (`.ts` when the import names no extension, as
 *   the generated modules are), so the importing module's other imports go on, and its load waits;
 * - a module whose import.meta.glob lists it waits before its transform, which reads the folder.
 */
import { dirname, extname, resolve } from 'node:path';

const GENERATED = /(^|\/)generated\//;

/**
 * @param {Promise<unknown>} generated
 * @returns {import('vite').Plugin}
 */
export function waitForGenerated(generated) {
  return {
    name: 'portal:wait-for-generated',
    enforce: 'pre',
    apply: 'build',
    resolveId: {
      filter: { id: GENERATED },
      handler(source, importer) {
        if (importer === undefined || !source.startsWith('.')) return null;
        const path = resolve(dirname(importer), source);
        return extname(path) === '' ? `${path}.ts` : path;
      },
    },
    load: {
      filter: { id: GENERATED },
      async handler() {
        await generated;
        return null;
      },
    },
    transform: {
      filter: { code: 'import.meta.glob' },
      async handler(code) {
        if (GENERATED.test(code)) await generated;
        return null;
      },
    },
  };
}
