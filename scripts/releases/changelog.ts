/**
 * The changelog from the kept releases: each release against the one before it (the first lists nothing),
 * newest first, and the current spec's unreleased changes on top when there are any. Brand placeholders in
 * the texts are replaced like everywhere else.
 */
import type { Brand } from '../../src/shared/brand.ts';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';
import { UNRELEASED, type Changelog, type ChangelogVersion } from '../../src/shared/portal-data/changelog.ts';
import { substituteBrandDeep } from '../generate/brand.ts';
import { compareSpecs } from './compare.ts';
import { withoutReleaseMetadata, type Release } from './releases.ts';

export function buildChangelog(current: OpenApiDocument, releases: Release[], brand: Brand): Changelog {
  const versions: ChangelogVersion[] = releases.map((release, index) => {
    const previous = releases[index - 1];
    return {
      version: release.version,
      date: release.date,
      changes: previous ? compareSpecs(withoutReleaseMetadata(previous.spec), withoutReleaseMetadata(release.spec)) : [],
    };
  });
  const last = releases.at(-1);
  const unreleased = last ? compareSpecs(withoutReleaseMetadata(last.spec), current) : [];
  const currentVersion = String(current.info?.version ?? '');
  // Not released yet, whatever info.version already says: `npm run release` gives them their number.
  if (unreleased.length > 0) versions.push({ version: UNRELEASED, date: null, changes: unreleased });
  return substituteBrandDeep({ currentVersion, versions: versions.reverse() }, brand);
}
