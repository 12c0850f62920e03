/**
 * The breaking-change gate: the current public spec against the last release. A change that would break
 * an integrator (see compare.ts) needs a new major `info.version`; a version older than the last release
 * is refused. Returns the problems as readable text (empty when none).
 */
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { compareSpecs, formatChanges } from './compare.ts';
import { compareVersions, parseVersion, withoutReleaseMetadata, type Release } from './releases.ts';

export function breakingChangeProblems(current: OpenApiDocument, releases: Release[]): string {
  const last = releases.at(-1);
  if (!last) return '';
  const version = String(current.info?.version);
  const order = compareVersions(version, last.version);
  if (order < 0) return `info.version ${version} is older than the last release ${last.version}.`;
  const breaking = compareSpecs(withoutReleaseMetadata(last.spec), current).filter((change) => change.breaking);
  if (breaking.length === 0 || parseVersion(version)[0] > parseVersion(last.version)[0]) return '';
  return [
    `${breaking.length} change(s) since release ${last.version} would break integrators:`,
    formatChanges(breaking),
    `Undo them, or release a new major version (npm run release -- ${parseVersion(last.version)[0] + 1}.0.0).`,
  ].join('\n');
}
