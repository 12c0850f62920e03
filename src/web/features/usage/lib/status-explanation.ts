/**
 * Plain words for the statuses an integrator asks about, as the API Test screen gives them: what the
 * answer means and what to do next. Undefined for a success.
 */
export function explainStatus(status: number): string | undefined {
  if (status === 401) {
    return 'The API did not accept the token. It may have expired, been deleted or been replaced by a refresh (once its grace window ended), or it may belong to the other user type: seller tokens reach only the Seller API and warehouse tokens only the Warehouse API. Check your tokens in Settings.';
  }
  if (status === 403)
    return "The token is valid, but its access does not include this operation's domain: a token reads only the domains chosen when it was created. A call refused this way does not count against the rate limit.";
  if (status === 404) return 'No such row, or it does not belong to your account: check the id in the path.';
  if (status === 429)
    return 'The token made too many calls in one minute. Wait for the number of seconds in the Retry-After header, then call again; spread the calls out to stay under the limit.';
  if (status === 400) return 'A parameter was invalid; the response named it. Integer parameters are plain decimal digits.';
  if (status >= 500) return 'The server failed to answer. Retry after a moment; if it keeps failing, contact support with the time of the call.';
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatMs(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${Math.round(ms * 10) / 10} ms` : `${(ms / 1000).toFixed(2)} s`;
}
