/**
 * Compiles the server for `npm start` into dist/node/ (server/, shared/, generated/ as under src/):
 * each .ts file transpiled on its own by TypeScript (types are checked by `npm run typecheck`, not here),
 * relative `.ts` imports rewritten to `.js`; .js, .sql and .json files copied. The server then runs on
 * plain node, without the TypeScript loader in its memory or its start-up. Skipped when its inputs are
 * unchanged since the last compile (a hash in dist/node/.stamp).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { CompilerOptions } from 'typescript';
import { SERVER_ENTRY, SERVER_OUT, SERVER_STAMP, serverFiles, serverInputsHash, serverIsFresh } from './lib/build-stamps.mjs';

export { SERVER_ENTRY, SERVER_OUT };

function outputPath(file: string): string {
  return join(SERVER_OUT, relative('src', file)).replace(/\.ts$/, '.js');
}

export async function buildServer(): Promise<void> {
  if (serverIsFresh()) return;
  const files = serverFiles();
  const digest = serverInputsHash(files);

  // The compiler loads only when there is something to compile.
  const { default: ts } = await import('typescript');
  const compilerOptions: CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    verbatimModuleSyntax: true,
    rewriteRelativeImportExtensions: true,
    sourceMap: false,
  };
  const started = performance.now();
  rmSync(SERVER_OUT, { recursive: true, force: true });
  for (const file of files) {
    const out = outputPath(file);
    mkdirSync(dirname(out), { recursive: true });
    if (!file.endsWith('.ts')) {
      copyFileSync(file, out);
      continue;
    }
    const { outputText, diagnostics } = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions, fileName: file, reportDiagnostics: true });
    if (diagnostics && diagnostics.length > 0) {
      throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText ?? '', '\n')}`);
    }
    writeFileSync(out, outputText);
  }
  // The compiled files are ES modules whatever the nearest package.json says.
  writeFileSync(join(SERVER_OUT, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(SERVER_STAMP, digest);
  console.log(`build: server compiled to ${SERVER_OUT} in ${Math.round(performance.now() - started)} ms`);
}
