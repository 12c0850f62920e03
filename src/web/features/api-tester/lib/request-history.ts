/**
 * The last requests a user sent from this browser, kept in localStorage under a key of their own (so
 * another account on the same browser sees its own list). An entry keeps the chosen token's title and
 * creation date, by which it is found again among the user's tokens: never a token value, and nothing at
 * all of a pasted token.
 */

export const HISTORY_LIMIT = 50;

export interface HistoryToken {
  title: string;
  /** The token's identity: the API gives tokens no other id than their (secret) value. */
  createdDate: string;
}

export interface HistoryEntry {
  /** Epoch ms when it was sent. */
  at: number;
  operationId: string;
  method: 'GET';
  /** As sent, without host: `/seller/orders/normal?page=2&size=10`. */
  path: string;
  /** null when no response came back (network error). */
  status: number | null;
  /** The call's parameter values as the tester's URL writes them (`id`, `page`, `orderId`, ...). */
  params: Record<string, string>;
  token: HistoryToken | null;
}

export interface HistoryOwner {
  email: string;
  userType: string;
}

export function historyKey(owner: HistoryOwner): string {
  return `api-test-history:v1:${owner.userType.toLowerCase()}:${owner.email.toLowerCase()}`;
}

function isTextRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');
}

/** The values of an entry: `params`, or the `id`, `page` and `size` entries kept before calls had any parameters. */
function paramsOf(entry: Record<string, unknown>): Record<string, string> | undefined {
  if (isTextRecord(entry.params)) return entry.params;
  if (typeof entry.id !== 'string' || typeof entry.page !== 'number' || typeof entry.size !== 'number') return undefined;
  return entry.id ? { id: entry.id } : { page: String(entry.page), size: String(entry.size) };
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const token = entry.token as Record<string, unknown> | null | undefined;
  return (
    typeof entry.at === 'number' &&
    typeof entry.operationId === 'string' &&
    entry.method === 'GET' &&
    typeof entry.path === 'string' &&
    (entry.status === null || typeof entry.status === 'number') &&
    paramsOf(entry) !== undefined &&
    (token === null || (typeof token === 'object' && typeof token?.title === 'string' && typeof token.createdDate === 'string'))
  );
}

/** Only the fields an entry has: a stray field (a value put there by older code or by hand) is dropped. */
function clean(entry: HistoryEntry): HistoryEntry {
  const { at, operationId, method, path, status, token } = entry;
  const params = paramsOf(entry as unknown as Record<string, unknown>) ?? {};
  return { at, operationId, method, path, status, params: { ...params }, token: token ? { title: token.title, createdDate: token.createdDate } : null };
}

export function readHistory(storage: Pick<Storage, 'getItem'>, key: string): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).map(clean).slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Newest first, at most HISTORY_LIMIT. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [clean(entry), ...entries].slice(0, HISTORY_LIMIT);
}

export function writeHistory(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, entries: readonly HistoryEntry[]): void {
  try {
    if (entries.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(entries.map(clean)));
  } catch {
    // Storage full or disabled (private mode): history is a convenience, the call itself went through.
  }
}

/** "just now", "5 min ago", "3 h ago", "2 d ago". */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
