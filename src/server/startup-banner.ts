/**
 * One friendly line for a person who ran `npm start` in a terminal: where to open the portal and, on the
 * embedded demo database, how to log in. JSON log lines stay as they are for machines; when stdout is
 * not a terminal (a service, a pipe, a container log) nothing is added. In a terminal the line must stay
 * in sight: a JSON line per request would scroll it away within seconds, so there the log keeps to
 * warnings and errors unless LOG_LEVEL is set, and the line is printed again once the background build
 * (whose progress lines follow it on a first start) is done.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts.ts';

export interface BannerInput {
  /** What app.listen returned, e.g. `http://127.0.0.1:8080`. */
  address: string;
  /** True when the demo accounts are there to use: demo seeding on the embedded (PGlite) database. */
  demoAccounts: boolean;
}

/** `0.0.0.0` and `::` are not addresses a browser can open: show localhost instead. */
function openableUrl(address: string): string {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]' || url.hostname === '::') url.hostname = 'localhost';
  return url.origin;
}

export function startupBanner({ address, demoAccounts }: BannerInput): string {
  const where = `Developer portal ready at ${openableUrl(address)}`;
  if (!demoAccounts) return `${where} (Ctrl+C to stop)`;
  const seller = DEMO_ACCOUNTS.find((account) => account.userType === 'SELLER')?.email;
  const warehouse = DEMO_ACCOUNTS.find((account) => account.userType === 'WAREHOUSE')?.email;
  return `${where} · demo logins ${seller} (Seller) and ${warehouse} (Warehouse), password ${DEMO_PASSWORD} (Ctrl+C to stop)`;
}

/** Prints the banner to stderr-free stdout only for a terminal. */
export function printStartupBanner(input: BannerInput, stream: { isTTY?: boolean; write: (text: string) => unknown } = process.stdout): void {
  if (stream.isTTY === true) stream.write(`\n  ${startupBanner(input)}\n\n`);
}

/** The environment the config is read from: in a terminal, without LOG_LEVEL, warnings and errors only. */
export function quietInTerminal<T extends Record<string, string | undefined>>(env: T, stream: { isTTY?: boolean } = process.stdout): T {
  if (stream.isTTY !== true || env.LOG_LEVEL !== undefined) return env;
  return { ...env, LOG_LEVEL: 'warn' };
}
