/**
 * The changelog the build step computes from the kept releases (openapi/releases/) and the current spec,
 * and the documentation's Changelog page shows: one entry per version, newest first, each change with its
 * kind and whether it breaks an integrator.
 */
export const CHANGE_KINDS = ['added', 'changed', 'deprecated', 'removed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ApiChange {
  kind: ChangeKind;
  breaking: boolean;
  /** The operation it concerns (`GET /seller/warehouses`), or null for the document as a whole. */
  operation: string | null;
  operationId: string | null;
  /** Human-readable, e.g. "Added required query parameter `status`". */
  description: string;
  /** An edit that changes no request or answer (an example, a description, a tag): shown apart, collapsed. */
  documentationOnly: boolean;
  /** The operation's place in the documentation, when it still exists (filled in with the pages). */
  href?: string;
}

/** The heading of changes not released yet. */
export const UNRELEASED = 'Unreleased';

export interface ChangelogVersion {
  /** `1.2.0`, or UNRELEASED. */
  version: string;
  /** `YYYY-MM-DD`; null for changes not released yet. */
  date: string | null;
  changes: ApiChange[];
}

export interface Changelog {
  /** `info.version` of the current spec. */
  currentVersion: string;
  versions: ChangelogVersion[];
}
