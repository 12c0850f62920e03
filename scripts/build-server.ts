/**
 * Compiles the server for `npm start` into dist/node/ (server/, shared/, generated/ as under src/):
 * each .ts file transpiled on its own by TypeScript (types are checked by `npm run typecheck`, not here),
 * relative `.ts` imports rewritten to `.js`; .js, .sql and .json files copied. The server then runs on
 * plain node, without the TypeScript loader in its memory or its start-up. Skipped when its inputs are
 * unchanged since the last compile (a hash in dist/node/.stamp).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const SOURCES = ['src/server', 'src/shared', 'src/generated'];
export const SERVER_OUT = 'dist/node';
/** What `npm start` runs. */
export const SERVER_ENTRY = `${SERVER_OUT}/server/main.js`;
const STAMP = `${SERVER_OUT}/.stamp`;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
  sourceMap: false,
};

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

/** Only what runs on the server: no React (.tsx), no declaration files. */
function isServerFile(file: string): boolean {
  if (file.endsWith('.tsx') || file.endsWith('.d.ts')) return false;
  return /\.(ts|js|sql|json)$/.test(file);
}

function outputPath(file: string): string {
  return join(SERVER_OUT, relative('src', file)).replace(/\.ts$/, '.js');
}

export function buildServer(): void {
  const files = SOURCES.flatMap(filesUnder).filter(isServerFile);
  const hash = createHash('sha256');
  hash.update(ts.version);
  for (const file of files) hash.update(file).update(readFileSync(file));
  const digest = hash.digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest && existsSync(SERVER_ENTRY)) return;

  const started = performance.now();
  rmSync(SERVER_OUT, { recursive: true, force: true });
  for (const file of files) {
    const out = outputPath(file);
    mkdirSync(dirname(out), { recursive: true });
    if (!file.endsWith('.ts')) {
      copyFileSync(file, out);
      continue;
    }
    const { outputText, diagnostics } = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: COMPILER_OPTIONS, fileName: file, reportDiagnostics: true });
    if (diagnostics && diagnostics.length > 0) {
      throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText ?? '', '\n')}`);
    }
    writeFileSync(out, outputText);
  }
  // The compiled files are ES modules whatever the nearest package.json says.
  writeFileSync(join(SERVER_OUT, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(STAMP, digest);
  console.log(`build: server compiled to ${SERVER_OUT} in ${Math.round(performance.now() - started)} ms`);
}
