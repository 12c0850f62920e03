/**
 * Download CSV: the server streams the filtered log; the rows received so far are reported as they arrive
 * (the progress indicator), then the file is saved under the server's name for it.
 */
import { filterQuery, type UsageFilters } from '../lib/usage-filters';

export async function downloadRequestLogCsv(filters: UsageFilters, onRows: (rows: number) => void, signal?: AbortSignal): Promise<number> {
  const query = new URLSearchParams(Object.entries(filterQuery(filters)).map(([key, value]) => [key, String(value)]));
  const response = await fetch(`/api/usage/requests.csv?${query.toString()}`, { credentials: 'same-origin', signal });
  if (!response.ok || response.body === null) throw new Error(`Download failed (HTTP ${response.status}).`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    onRows(Math.max(0, lines - 1));
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'request-log.csv';
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return Math.max(0, lines - 1);
}
