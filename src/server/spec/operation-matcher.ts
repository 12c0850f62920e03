/**
 * Which public operation a method and URI name, for a call the portal did not receive itself (the
 * gateway's check): built once from the spec's public operations, as the routes are. The URI's path loses
 * one of `prefixes` (the public API's base paths) at a segment boundary, then is matched against the
 * spec's paths: literal segments exactly, a path parameter as one segment of unreserved characters
 * (letters, digits, `-._~`), at most MAX_PARAM_LENGTH long, never `.` or `..`. Stricter than the portal's
 * router on purpose: a percent-encoded slash, a dot segment or a backslash could lead an upstream to
 * another path than the one decided here, so such a URI matches nothing. HEAD is matched as GET. Only the
 * reads are matched: the sandbox's simulations have no counterpart in the provider's API.
 */
import { FAMILY, type ApiFamily, type UserType } from '../../shared/api-family.ts';
import { routableOperations, type OpenApiDocument } from './openapi-document.ts';

export interface MatchedOperation {
  operationId: string;
  family: ApiFamily;
  userType: UserType;
  domain: string;
}

export type OperationMatcher = (method: string, uri: string) => MatchedOperation | undefined;

const PARAM_SEGMENT = /^[A-Za-z0-9._~-]+$/;

interface Pattern {
  /** Literal segments, or null for a parameter. */
  segments: Array<string | null>;
  operation: MatchedOperation;
}

/** The path of a URI (before `?` or `#`). */
export function pathOf(uri: string): string {
  let end = uri.length;
  const query = uri.indexOf('?');
  if (query >= 0) end = query;
  const fragment = uri.indexOf('#');
  if (fragment >= 0 && fragment < end) end = fragment;
  return uri.slice(0, end);
}

/**
 * `prefixes`: base paths without a trailing slash (`/api/v1`); `''` accepts the spec's paths at the root.
 * The longest that fits is taken.
 */
export function createOperationMatcher(spec: OpenApiDocument, prefixes: readonly string[], maxParamLength: number): OperationMatcher {
  const ordered = [...new Set(prefixes)].sort((a, b) => b.length - a.length);
  const exact = new Map<string, MatchedOperation>();
  const patterns = new Map<string, Pattern[]>();
  for (const op of routableOperations(spec)) {
    // The sandbox's simulations (the only public POSTs) have no counterpart behind a provider's gateway.
    if (op.internal || op.family === null || op.domain === null || op.method !== 'get') continue;
    const operation = { operationId: op.operationId, family: op.family, userType: FAMILY[op.family].userType, domain: op.domain };
    const method = op.method.toUpperCase();
    if (!op.path.includes('{')) {
      exact.set(`${method} ${op.path}`, operation);
      continue;
    }
    const segments = op.path.split('/').map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment));
    patterns.set(method, [...(patterns.get(method) ?? []), { segments, operation }]);
  }

  function withoutPrefix(path: string): string | undefined {
    for (const prefix of ordered) {
      if (path === prefix) return '';
      if (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 /* / */) return path.slice(prefix.length);
    }
    return undefined;
  }

  function matchPattern(method: string, path: string): MatchedOperation | undefined {
    const candidates = patterns.get(method);
    if (candidates === undefined) return undefined;
    const segments = path.split('/');
    for (const pattern of candidates) {
      if (pattern.segments.length !== segments.length) continue;
      let matches = true;
      for (let i = 0; i < segments.length && matches; i += 1) {
        const expected = pattern.segments[i];
        const segment = segments[i] ?? '';
        matches =
          expected === null ? segment.length <= maxParamLength && segment !== '.' && segment !== '..' && PARAM_SEGMENT.test(segment) : segment === expected;
      }
      if (matches) return pattern.operation;
    }
    return undefined;
  }

  return (rawMethod, uri) => {
    const method = rawMethod === 'HEAD' ? 'GET' : rawMethod;
    const path = withoutPrefix(pathOf(uri));
    if (path === undefined) return undefined;
    return exact.get(`${method} ${path}`) ?? matchPattern(method, path);
  };
}
