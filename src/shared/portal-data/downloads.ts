/**
 * What `npm run export` writes and `/downloads/` serves: the same files for the whole public API (at the
 * root, so `/downloads/openapi.json` keeps working) and for each API family alone (`/downloads/seller/…`).
 * The export script, the server (content types, file names) and the reference pages' header all read
 * this one list.
 */
import { API_FAMILIES, FAMILY, type ApiFamily } from '../api-family.ts';

export type ExportScope = 'all' | ApiFamily;
export const EXPORT_SCOPES: readonly ExportScope[] = ['all', ...API_FAMILIES];

export interface ExportFile {
  /** Name inside the scope's folder. */
  file: string;
  /** Menu label, e.g. `Postman collection`. */
  label: string;
  /** Short label for the header's row of the user's own API. */
  short: string;
  contentType: string;
  /** Opened in the browser (`inline`) rather than saved. */
  inline?: boolean;
  /**
   * Sets the API's base URL for the requests it holds: the server answers it with the base URL of the
   * portal it is downloaded from (as the reference's code samples show it), not the spec's example host.
   */
  setsBaseUrl?: boolean;
}

export const EXPORT_FILES: readonly ExportFile[] = [
  { file: 'openapi.yaml', label: 'OpenAPI YAML', short: 'OpenAPI', contentType: 'application/yaml; charset=utf-8' },
  { file: 'openapi.json', label: 'OpenAPI JSON', short: 'JSON', contentType: 'application/json; charset=utf-8' },
  { file: 'postman-collection.json', label: 'Postman collection', short: 'Postman', contentType: 'application/json; charset=utf-8', setsBaseUrl: true },
  {
    file: 'postman-environment.json',
    label: 'Postman environment',
    short: 'Postman environment',
    contentType: 'application/json; charset=utf-8',
    setsBaseUrl: true,
  },
  { file: 'insomnia.json', label: 'Insomnia export', short: 'Insomnia', contentType: 'application/json; charset=utf-8', setsBaseUrl: true },
  // No registered media type exists for .http files or TypeScript declarations: plain text is what editors open.
  { file: 'requests.http', label: '.http requests (VS Code, JetBrains)', short: '.http', contentType: 'text/plain; charset=utf-8', setsBaseUrl: true },
  { file: 'api.d.ts', label: 'TypeScript types (api.d.ts)', short: 'types', contentType: 'text/plain; charset=utf-8' },
  { file: 'reference.html', label: 'HTML reference (offline)', short: 'HTML', contentType: 'text/html; charset=utf-8', inline: true },
];

/**
 * The provider integration document (openapi/provider/): what the provider's warehouse system implements so
 * its accounts sign in here, and the portal's signed endpoint it calls. It is for the provider's own
 * developers, not the API's integrators, so the downloads menu leaves it out; docs/identity.md links it.
 */
export const PROVIDER_DIR = 'provider';
export const PROVIDER_FILES: readonly ExportFile[] = [
  { file: 'provider-integration.yaml', label: 'Provider integration, OpenAPI YAML', short: 'OpenAPI', contentType: 'application/yaml; charset=utf-8' },
  { file: 'provider-integration.json', label: 'Provider integration, OpenAPI JSON', short: 'JSON', contentType: 'application/json; charset=utf-8' },
];

/** The files offered in the header's row for the user's own API, in this order. */
export const HEADLINE_FILES: readonly string[] = ['openapi.yaml', 'postman-collection.json', 'insomnia.json', 'requests.http', 'api.d.ts'];

export function scopeTitle(scope: ExportScope): string {
  return scope === 'all' ? 'Whole API' : FAMILY[scope].apiName;
}

/** Folder of a scope inside the export, `''` for the whole API. */
export function scopeDir(scope: ExportScope): string {
  return scope === 'all' ? '' : `${scope}/`;
}

export function downloadHref(scope: ExportScope, file: string): string {
  return `/downloads/${scopeDir(scope)}${file}`;
}

/**
 * The name a saved file gets: `acme-api-openapi.yaml`, `acme-seller-api-postman-collection.json`,
 * `acme-provider-integration.yaml`.
 */
export function downloadFileName(brandPrefix: string, scope: ExportScope | typeof PROVIDER_DIR, file: string): string {
  if (scope === PROVIDER_DIR) return `${brandPrefix}-${file}`;
  return `${brandPrefix}-${scope === 'all' ? '' : `${scope}-`}api-${file}`;
}

/** The scope and file a `/downloads/…` path names, or undefined when it names none of the export's files. */
export function parseDownloadPath(path: string): { scope: ExportScope | typeof PROVIDER_DIR; file: ExportFile } | undefined {
  const provider = PROVIDER_FILES.find((candidate) => path === `/downloads/${PROVIDER_DIR}/${candidate.file}`);
  if (provider !== undefined) return { scope: PROVIDER_DIR, file: provider };
  const match = /^\/downloads\/(?:(seller|warehouse)\/)?([^/]+)$/.exec(path);
  const file = EXPORT_FILES.find((candidate) => candidate.file === match?.[2]);
  if (!match || !file) return undefined;
  return { scope: (match[1] as ApiFamily | undefined) ?? 'all', file };
}
