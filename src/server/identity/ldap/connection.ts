/**
 * Talking to the directory: a fresh ldapts client for each sign-in or lookup (nothing pooled, so closing
 * the provider leaves nothing open), PROVIDER_TIMEOUT_SECONDS on the connection and on each operation,
 * and every failure turned into a ProviderUnavailableError that names the step and what failed. No
 * message holds a password: ldapts' errors carry the server's diagnostic, never the request.
 */
import { Client, InvalidCredentialsError, ResultCodeError } from 'ldapts';
import { ProviderUnavailableError, type ProviderStep } from '../provider.ts';

export interface DirectoryEndpoint {
  /** `ldap://host:389` or `ldaps://host:636`. */
  url: string;
  /** PEM of a private CA (LDAP_CA_FILE), trusted for ldaps:// beside Node's own. */
  ca?: string;
  timeoutSeconds: number;
}

/** Runs `work` on a client of its own and always lets go of its connection. */
export async function withClient<T>(endpoint: DirectoryEndpoint, work: (client: Client) => Promise<T>): Promise<T> {
  const timeoutMs = endpoint.timeoutSeconds * 1000;
  const secure = /^ldaps:/i.test(endpoint.url);
  // tlsOptions only for ldaps://: ldapts speaks TLS whenever they are given, even to an ldap:// URL.
  const tlsOptions = secure && endpoint.ca !== undefined ? { ca: [endpoint.ca] } : undefined;
  const client = new Client({ url: endpoint.url, connectTimeout: timeoutMs, timeout: timeoutMs, ...(tlsOptions && { tlsOptions }) });
  try {
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** One operation of the conversation; its failure is the provider's, at `step`, unless the connection itself failed. */
export async function directoryStep<T>(endpoint: DirectoryEndpoint, step: ProviderStep, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable(endpoint, step, what, error);
  }
}

/**
 * The user's own bind, on a connection of its own so the service connection never carries the user's
 * identity: true for the right password, false for invalid credentials (result 49), which is also how
 * directories answer a disabled or locked account.
 */
export async function passwordAccepted(endpoint: DirectoryEndpoint, dn: string, password: string): Promise<boolean> {
  return withClient(endpoint, async (client) => {
    try {
      await client.bind(dn, password);
      return true;
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return false;
      throw unavailable(endpoint, 'bind', `the bind as ${dn}`, error);
    }
  });
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EADDRNOTAVAIL', 'EPIPE']);

/**
 * The connection opens with the first operation, so a failed bind or search may really be a name that
 * does not resolve, a port that refuses, a certificate that is not trusted or a handshake that never
 * ends: those are reported as their own step.
 */
function unavailable(endpoint: DirectoryEndpoint, step: ProviderStep, what: string, error: unknown): ProviderUnavailableError {
  if (error instanceof ProviderUnavailableError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const host = hostOf(endpoint.url);
  if (DNS_CODES.has(code)) return new ProviderUnavailableError('ldap', 'dns', `could not resolve ${host} (${code}) for ${endpoint.url}`);
  if (message === 'Connection timeout')
    return new ProviderUnavailableError('ldap', 'connect', `no connection to ${endpoint.url} within ${endpoint.timeoutSeconds} s`);
  if (/CERT|SSL|TLS|SIGNATURE|ISSUER/.test(code) || (/^ldaps:/i.test(endpoint.url) && /\b(TLS|SSL|certificate)\b/i.test(message)))
    return new ProviderUnavailableError('ldap', 'tls', `TLS with ${endpoint.url} failed: ${message}${code === '' ? '' : ` (${code})`}`);
  if (CONNECT_CODES.has(code)) return new ProviderUnavailableError('ldap', 'connect', `could not connect to ${endpoint.url}: ${message}`);
  if (/Operation timed out/.test(message))
    return new ProviderUnavailableError('ldap', step, `${what}: no answer from ${endpoint.url} within ${endpoint.timeoutSeconds} s`);
  if (error instanceof ResultCodeError) return new ProviderUnavailableError('ldap', step, `${what} failed: ${message} (result ${error.code})`);
  return new ProviderUnavailableError('ldap', step, `${what} failed: ${message}`);
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname : url;
}
