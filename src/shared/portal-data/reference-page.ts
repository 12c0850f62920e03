/**
 * The shape of src/generated/reference/*.json: documentation pages resolved from the public spec at
 * build time by scripts/generate/reference-pages.ts, so the browser never parses YAML or follows $refs.
 * Written by the generator, read by the pages; both import these types.
 */

import type { ChangelogVersion } from './changelog.ts';

/** Inline Markdown, already parsed: plain text, or a run of text, code, emphasis and links. */
export type Inline = string | { t: 'code'; v: string } | { t: 'strong' | 'em'; c: Inline[] } | { t: 'a'; href: string; c: Inline[] };

/** Block Markdown, already parsed into a small safe tree (no raw HTML survives the generator). */
export type Block =
  | { t: 'h'; level: number; id: string; c: Inline[] }
  | { t: 'p'; c: Inline[] }
  | { t: 'pre'; lang: string; v: string }
  | { t: 'ul' | 'ol'; items: Block[][] }
  | { t: 'quote'; c: Block[] }
  | { t: 'table'; head: Inline[][]; rows: Inline[][][] };

/** One node of a schema tree: a response body, or a field inside it. */
export interface FieldNode {
  /** Field name; absent on the root and on array items. */
  name?: string;
  /** Display type, e.g. `integer`, `string | null`, `array of ReturnOrder`, `object`. */
  type: string;
  format?: string;
  /** Component schema this node came from, e.g. `ReturnOrder` (its name is searchable). */
  schema?: string;
  /** The schema's own description, when `description` is the field's (an array of that schema). */
  schemaDescription?: Inline[];
  required?: boolean;
  /** `deprecated: true` on the field's schema: still sent, to be removed in a later major version. */
  deprecated?: boolean;
  description?: Inline[];
  enum?: string[];
  /** Limits in words: `minimum 1`, `1..100 characters`, ... */
  limits?: string[];
  default?: string;
  example?: string;
  children?: FieldNode[];
}

export interface ReferenceParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  type: string;
  format?: string;
  default?: string;
  limits?: string[];
  enum?: string[];
  example?: string;
  description?: Inline[];
}

export interface ReferenceResponse {
  status: string;
  description?: Inline[];
  contentType?: string;
  headers?: { name: string; type: string; description?: Inline[] }[];
  /** Body schema; its children are the envelope fields, and the entity's fields below `data`. */
  body?: FieldNode;
  /** The spec's named examples (or one built from field examples), pretty-printed JSON. */
  examples?: ResponseExample[];
}

/** What a POST sends: a simulation's JSON, or the payload of an event. Drawn like a response body. */
export interface ReferenceRequestBody {
  contentType: string;
  required: boolean;
  description?: Inline[];
  body?: FieldNode;
  /** The spec's named examples (or one built from field examples), pretty-printed JSON. */
  examples?: ResponseExample[];
}

export interface ResponseExample {
  name: string;
  summary?: string;
  json: string;
}

/** The code-sample languages, in the order the pages offer them, with their tab labels. */
export const SAMPLE_LANGUAGES = [
  { lang: 'curl', label: 'cURL' },
  { lang: 'javascript', label: 'JavaScript' },
  { lang: 'python', label: 'Python' },
  { lang: 'go', label: 'Go' },
  { lang: 'java', label: 'Java' },
] as const;
/** One more sample for operations that take If-None-Match: the same call as a conditional poll. */
export const CONDITIONAL_SAMPLE = { lang: 'curl-if-changed', label: 'cURL, if changed' } as const;
/** Every tab a reader can choose, so every one can be remembered. */
export const SAMPLE_CHOICES = [...SAMPLE_LANGUAGES, CONDITIONAL_SAMPLE] as const;
export type SampleLanguage = (typeof SAMPLE_CHOICES)[number]['lang'];

export interface CodeSample {
  lang: SampleLanguage;
  label: string;
  /** The sample reading the token from the environment variable (e.g. `$ACME_API_TOKEN`). */
  code: string;
  /** The same sample with the token as a literal: TOKEN_MARKER stands where a chosen token goes. */
  withToken: string;
}

/** Stands for a chosen token in CodeSample.withToken; the browser replaces it by plain string substitution. */
export const TOKEN_MARKER = '__API_TOKEN__';

export interface ReferenceOperation {
  operationId: string;
  method: string;
  /** Path relative to the server, e.g. `/seller/orders/return/{returnId}`; for an event, its type (as `event`). */
  path: string;
  /**
   * Set on an event (the spec's `webhooks`) to its type, e.g. `seller.normal_order.status_changed`: the API
   * sends it to the integrator's endpoint, so `parameters` are the delivery's headers, `requestBody` its
   * payload, `responses` what the endpoint answers, and `samples` receive it rather than call anything.
   */
  event?: string;
  summary: string;
  description?: Block[];
  deprecated?: boolean;
  /** `x-deprecated-at` of a deprecated operation (`YYYY-MM-DD`). */
  deprecatedSince?: string;
  /** Header carrying the API token, when the operation needs one. */
  securityHeader?: string;
  parameters: ReferenceParameter[];
  requestBody?: ReferenceRequestBody;
  responses: ReferenceResponse[];
  samples: CodeSample[];
  /** The API Test screen with this operation chosen, e.g. `/api-test?operation=getSellerNormalOrder&id=1` (links.ts testerHref). */
  tryIt?: string;
}

export interface ReferencePage {
  category: string;
  subcategory: string;
  title: string;
  /** Title of the group the page belongs to, e.g. `Seller API`. */
  groupTitle: string;
  tag: string;
  description?: Block[];
  /** On the Authentication page only: the API's introduction (paging, errors, rate limits). */
  about?: Block[];
  /** The public server as the spec writes it, e.g. `https://{host}/api/v1`. */
  serverUrl: string;
  /** The origin written into code samples; the browser swaps it for the portal's own origin. */
  sampleOrigin: string;
  tokenHeader: string;
  tokenVariable: string;
  /** `info.version` of the public spec, shown in the page header. */
  apiVersion: string;
  operations: ReferenceOperation[];
  /**
   * On a page of events: how to check a delivery and what to answer, from the spec's webhook signature
   * header and responses, so it says what each event's own section says.
   */
  verification?: Block[];
  /** On the tag marked `x-changelog: true`: every version, newest first (src/shared/portal-data/changelog.ts). */
  changelog?: ChangelogVersion[];
}

export type SearchKind = 'operation' | 'event' | 'schema' | 'field' | 'page' | 'section';

export interface SearchEntry {
  kind: SearchKind;
  /** What the result shows first: a path, a schema name, a field name, a page title, a section heading. */
  title: string;
  /** Second line: summary, type, the schema a field belongs to. */
  detail: string;
  /** Where it is: page title, e.g. `Seller API · Order`. */
  page: string;
  /** Extra words matched but not shown (operationId, method; a section's whole text). */
  keywords?: string;
  /** The operation the entry belongs to (its own, or the one whose response holds the schema or field). */
  operationId?: string;
  /** `/documentation?category=...&subcategory=...#anchor`. */
  href: string;
}

export interface SearchIndex {
  entries: SearchEntry[];
}
