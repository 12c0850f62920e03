/**
 * The server's CSV downloads (the request log's and the activity log's) follow the one CSV rule
 * (src/shared/csv.ts): the file's first bytes are the UTF-8 byte order mark, then the header; text that a
 * spreadsheet would run as a formula, also behind spaces or invisible characters, gets a leading `'`.
 * Read as bytes: a decoder (fetch's text()) drops the mark.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** Titles a spreadsheet would run as a formula once it skipped what comes before the `=`. */
const HOSTILE_TITLES = ['\u00A0=HYPERLINK("https://evil.example")', '\u200B+1+1', ' \t-2+3', '\u2060@SUM(A1)'];

it('starts both downloads with the byte order mark and defuses formulas behind invisible characters', async () => {
  const seller = server.client();
  await seller.login();
  for (const title of HOSTILE_TITLES) {
    const token = await seller.createToken(title, 'a title a spreadsheet would run');
    expect((await seller.api('/api/v1/seller/warehouses?page=0&size=1', token)).status).toBe(200);
  }
  await server.app.flushRequestLog();

  for (const path of ['/api/usage/requests.csv', '/api/portal/activity.csv']) {
    const response = await fetch(server.baseUrl + path, { headers: { cookie: seller.cookie ?? '' } });
    expect(response.status, path).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1, 5), path).toBe('time');
    // The mark is the file's start only.
    expect(text.split('\uFEFF'), path).toHaveLength(2);
    for (const title of HOSTILE_TITLES) {
      const field = `'${title}`;
      const written = /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
      expect(text, `${path}: ${JSON.stringify(title)}`).toContain(`,${written},`);
    }
  }
});
