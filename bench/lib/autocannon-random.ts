/**
 * autocannon with a random page per request (the cold case: random pages across a large list, so nearly
 * every call misses the response cache). Runs in its own process like the CLI and prints the same JSON
 * result as `autocannon -j`: `node --import tsx bench/lib/autocannon-random.ts '<json settings>'`.
 */
import { createRequire } from 'node:module';

interface RawRequest {
  path: string;
}
/** autocannon ships no types; the part used here. */
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { method: string; setupRequest: (request: RawRequest) => RawRequest }[];
}) => Promise<unknown>;

interface Settings {
  /** URL without the query string; `?page=<random>&size=<size>` is added per request. */
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  pages: number;
  size: number;
}

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const { pathname } = new URL(settings.url);
const result = await autocannon({
  url: settings.url,
  connections: settings.connections,
  duration: settings.seconds,
  headers: settings.headers,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `${pathname}?page=${Math.floor(Math.random() * settings.pages)}&size=${settings.size}` }),
    },
  ],
});
console.log(JSON.stringify(result));
