/** Reading a response for display: the list envelope (page, lastPage), sizes and durations in human units. */

export interface ListEnvelope {
  page: number;
  size: number;
  lastPage: number;
}

/** The list envelope of a response body, or null when the body is not a list response. */
export function listEnvelope(body: unknown): ListEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  const { page, size, lastPage, data } = body as Record<string, unknown>;
  if (typeof page !== 'number' || typeof size !== 'number' || typeof lastPage !== 'number' || !Array.isArray(data)) return null;
  return { page, size, lastPage };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** UTF-8 size of a text, which is what went over the wire before compression. */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Pretty JSON when the text is JSON, the text itself otherwise. */
export function parseBody(text: string): { body: unknown; isJson: boolean } {
  if (text === '') return { body: null, isJson: false };
  try {
    return { body: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}
