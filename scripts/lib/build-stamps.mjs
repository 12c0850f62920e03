// @ts-check
/**
 * What decides whether the build must run again, in one place: the inputs of the app build and of the
 * compiled server, hashed into stamps under dist/. Plain JavaScript on purpose: `npm start` checks the
 * stamps on plain node (scripts/build-if-stale.mjs) in a few milliseconds, without the TypeScript loader
 * or the compiler, so a restart reaches /healthz sooner.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Everything the app build (generate, export, vite build, prerender) reads. */
const APP_INPUTS = [
  'openapi',
  'redocly.yaml',
  'scripts/generate',
  'scripts/export.ts',
  'scripts/export',
  'scripts/releases',
  'scripts/prerender',
  'src/web',
  'src/shared',
  'vite.config.ts',
  'package-lock.json',
];
export const APP_STAMP = 'dist/.build-stamp';
/**
 * `npm start`'s first start builds in three parts (scripts/first-start-build.ts, then scripts/build-web.mjs and
 * scripts/build.ts --rest run by the server: src/server/deferred-build.ts names these files too): this stamp holds the inputs' hash once
 * the first part (generate) is done, WEB_STAMP once the app is built (the login page), APP_STAMP once the
 * rest (downloads, prerendered pages, compressed copies) is. A part cut short leaves its stamp unwritten, so
 * the next start does it again.
 */
export const DEFERRED_STAMP = 'dist/.deferred-build';
export const WEB_STAMP = 'dist/.web-stamp';
/** Outputs that must exist for a build to count as fresh (src/generated is not committed, so a fresh clone lacks it). */
const APP_OUTPUTS = ['dist/web/index.html', 'dist/web/_prerendered', 'dist/export/openapi.json', 'src/generated/openapi.portal.json', 'src/generated/api.d.ts'];

const SERVER_SOURCES = ['src/server', 'src/shared', 'src/generated'];
export const SERVER_OUT = 'dist/node';
/** What `npm start` runs. */
export const SERVER_ENTRY = `${SERVER_OUT}/server/main.js`;
export const SERVER_STAMP = `${SERVER_OUT}/.stamp`;

/** @param {string} path @returns {string[]} */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** @param {string} stamp @param {string} digest */
function stampHolds(stamp, digest) {
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
}

export function appInputsHash() {
  const hash = createHash('sha256');
  hash.update(`BRAND=${process.env.BRAND ?? ''}\n`);
  for (const file of APP_INPUTS.flatMap(filesUnder)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

export function appIsFresh() {
  return stampHolds(APP_STAMP, appInputsHash()) && APP_OUTPUTS.every((file) => existsSync(file));
}

/** The first start's first part is done for the current inputs: the server builds the rest (the app first). */
export function deferredBuildHolds() {
  return stampHolds(DEFERRED_STAMP, appInputsHash()) && existsSync('src/generated/openapi.portal.json');
}

/** The inputs' hash the first part was done for (what --web and --rest stamp their work with). @returns {string} */
export function deferredBuildHash() {
  return readFileSync(DEFERRED_STAMP, 'utf8');
}

/** Only what runs on the server: no React (.tsx), no declaration files. @param {string} file */
function isServerFile(file) {
  if (file.endsWith('.tsx') || file.endsWith('.d.ts')) return false;
  return /\.(ts|js|sql|json)$/.test(file);
}

export function serverFiles() {
  return SERVER_SOURCES.flatMap(filesUnder).filter(isServerFile);
}

/** The compiler's version counts too: read from its package.json, without loading the compiler. @param {string[]} files */
export function serverInputsHash(files) {
  const { version } = JSON.parse(readFileSync('node_modules/typescript/package.json', 'utf8'));
  const hash = createHash('sha256');
  hash.update(version);
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

export function serverIsFresh() {
  return stampHolds(SERVER_STAMP, serverInputsHash(serverFiles())) && existsSync(SERVER_ENTRY);
}
