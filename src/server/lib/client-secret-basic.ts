/**
 * OAuth client authentication with `client_secret_basic` (RFC 6749 section 2.3.1): the id and secret are
 * form-urlencoded, joined by a colon and Base64-encoded into `Authorization: Basic`. Used by the gateways
 * that introspect tokens (GATEWAY_CLIENTS).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface ClientCredentials {
  id: string;
  secret: string;
}

/** application/x-www-form-urlencoded's decoding: `+` is a space, then percent-escapes; undefined when malformed. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** The credentials of an `Authorization: Basic` header, or undefined for none or another scheme. */
export function basicCredentials(header: string | undefined): ClientCredentials | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header ?? '');
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  return id === undefined || secret === undefined ? undefined : { id, secret };
}

// Hashing first makes both sides the same length, so timingSafeEqual compares without revealing the length.
const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * The id of the client these credentials authenticate, or undefined. The secret is compared in constant
 * time; the id is not secret, so finding it by value reveals nothing.
 */
export function authenticatedClient(clients: readonly ClientCredentials[], presented: ClientCredentials | undefined): string | undefined {
  if (presented === undefined) return undefined;
  const client = clients.find((candidate) => candidate.id === presented.id);
  if (client === undefined) return undefined;
  return timingSafeEqual(sha256(client.secret), sha256(presented.secret)) ? client.id : undefined;
}
