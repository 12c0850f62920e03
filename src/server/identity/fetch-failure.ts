/**
 * Why a call to the provider over HTTP failed, as the step an operator checks first: the name did not
 * resolve (`dns`), nothing listened or the connection broke (`connect`), the certificate or handshake was
 * refused (`tls`), or no answer came in time (`connect`: the server took the connection or never did, the
 * operator looks at the same place). The message names the error code only: never the URL (it may hold
 * credentials), the body or the secret.
 */
import { ProviderUnavailableError, type ExternalProviderKind, type ProviderStep } from './provider.ts';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'EPROTO'].includes(
      code,
    )
  );
}

/** The error code of fetch's failure: undici puts the socket's error in `cause`. */
function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function fetchFailure(provider: ExternalProviderKind, error: unknown, timeoutSeconds: number): ProviderUnavailableError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ProviderUnavailableError(provider, 'connect', `no answer within ${timeoutSeconds} s`);
  }
  const code = codeOf(error);
  let step: ProviderStep = 'connect';
  if (code !== undefined && DNS_CODES.has(code)) step = 'dns';
  else if (code !== undefined && isTlsCode(code)) step = 'tls';
  return new ProviderUnavailableError(provider, step, `request failed (${code ?? 'no error code'})`);
}
