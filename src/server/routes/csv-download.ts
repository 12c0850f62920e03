/**
 * A CSV download streamed page by page (keyset), so a file of 100,000 rows never sits in memory and the
 * first bytes leave at once: the header record, then each page's records, up to maxRows. The records
 * themselves come from the one CSV writer (src/shared/csv.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface CsvDownload<R> {
  /** The attachment's file name. */
  filename: string;
  /** The header record (csvHeader). */
  header: string;
  maxRows: number;
  pageSize: number;
  /** The rows after `last`, the previous page's last row (undefined for the first page), in the file's order. */
  page(last: R | undefined, limit: number): Promise<R[]>;
  /** One record (csvRecord). */
  record(row: R): string;
}

export function sendCsv<R>(reply: FastifyReply, download: CsvDownload<R>): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    yield download.header;
    let last: R | undefined;
    let sent = 0;
    while (sent < download.maxRows) {
      const limit = Math.min(download.pageSize, download.maxRows - sent);
      const rows = await download.page(last, limit);
      const chunk = rows.map(download.record).join('');
      if (chunk !== '') yield chunk;
      sent += rows.length;
      last = rows[rows.length - 1];
      if (last === undefined || rows.length < limit) return;
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .send(Readable.from(lines()));
}
