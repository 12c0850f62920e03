/**
 * What an endpoint may be, beyond the spec's schema: at most 20 per account; a URL with a host and no
 * user name or password in it; `https` for a live endpoint (its events carry live data); and only the
 * event types of the account's own family. Each refusal names its field.
 */
import { familyOfUserType, type UserType } from '../../shared/api-family.ts';
import { isStrictIPv4 } from '../../shared/ip-address.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';
import { HttpError } from './http-error.ts';
import type { Schemas } from './schemas.ts';

export const MAX_WEBHOOK_ENDPOINTS = 20;

export const TOO_MANY_ENDPOINTS_MESSAGE = `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most an account may have; delete one first.`;

export const LIVE_ENDPOINTS_UNAVAILABLE_MESSAGE =
  "environment: live endpoints need the provider's API, and this portal reaches none (UPSTREAM_API_URL is unset); add a sandbox endpoint.";

/** The host as written in an http(s) URL: after `//` and any user part, before the port, path, query or fragment. */
const WRITTEN_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/i;

export function checkedEndpointUrl(url: string, environment: TokenEnvironment): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || parsed.hostname === '')
    throw new HttpError(400, 'url: must be an http or https URL with a host.');
  if (parsed.username !== '' || parsed.password !== '') throw new HttpError(400, 'url: must not hold a user name or password.');
  // The URL parser reads inet_aton's forms (`010.0.0.1` as 8.0.0.1, `0x7f.1` as 127.0.0.1): an IPv4 host must
  // be written as the address it is (src/shared/ip-address.ts), so the target is the one its owner meant.
  const written = WRITTEN_HOST.exec(url.trim())?.[1] ?? '';
  if (isStrictIPv4(parsed.hostname) && written.toLowerCase() !== parsed.hostname) {
    throw new HttpError(400, `url: the host "${written}" is not an IPv4 address in four plain decimal numbers.`);
  }
  if (environment === 'live' && parsed.protocol !== 'https:') throw new HttpError(400, 'url: a live endpoint must use https.');
  if (url.includes('\u0000')) throw new HttpError(400, 'url: must not contain NUL characters.');
  return url;
}

export function checkedEventTypes(types: readonly Schemas['WebhookEventType'][], userType: UserType): Schemas['WebhookEventType'][] {
  const prefix = `${familyOfUserType(userType)}.`;
  const foreign = types.find((type) => !type.startsWith(prefix));
  if (foreign !== undefined) throw new HttpError(400, `eventTypes: ${foreign} is not an event of your account's API; choose ${prefix}* events.`);
  return [...types];
}

export function checkedDescription(description: string): string {
  if (description.includes('\u0000')) throw new HttpError(400, 'description: must not contain NUL characters.');
  return description;
}
