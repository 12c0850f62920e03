/**
 * `npm run check:auth`: before users arrive, an operator sees whether the configured provider works, or
 * exactly which step fails. Reads the configuration as the server does (environment, then `.env`), then:
 *
 *   - `ldap`, `wms`: signs in a test account through the provider, as the login form would;
 *   - `oidc`: reads the provider's discovery document and says which redirect URIs to register;
 *   - `local`: says so (the portal's own accounts need no check).
 *
 * The test account comes from `--email` and `--user-type` (SELLER or WAREHOUSE) and the password from
 * CHECK_AUTH_PASSWORD, or from standard input, never from the command line (where `ps` and shell history
 * would keep it). Exit code 0 when every step passed.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadEnvFile, parseConfig, type Config } from '../src/server/config.ts';
import { createIdentity } from '../src/server/identity/providers.ts';
import { ProviderUnavailableError } from '../src/server/identity/provider.ts';
import type { UserType } from '../src/shared/api-family.ts';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.CHECK_AUTH_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Password of the test account (not shown): ');
  process.stdin.setRawMode?.(true);
  // Enter, or Ctrl+D (end of transmission) in a raw terminal, ends the password.
  const isEnd = (character: string) => character === '\r' || character === '\n' || character === String.fromCharCode(4);
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if ([...text].some(isEnd)) break;
  }
  process.stdin.setRawMode?.(false);
  if (process.stdin.isTTY) process.stderr.write('\n');
  const end = [...text].findIndex(isEnd);
  return end === -1 ? text : [...text].slice(0, end).join('');
}

function report(ok: boolean, step: string, text: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${step.padEnd(10)} ${text}`);
}

/** What a provider would log in the server: here, lines on standard error. */
const log = { info: (details: object, message: string) => console.error(`     ${message} ${JSON.stringify(details)}`) };

/** A provider that could not be reached names its step; anything else is a bug and is thrown. */
function reportUnavailable(error: unknown): false {
  if (!(error instanceof ProviderUnavailableError)) throw error;
  report(false, error.step, error.message);
  return false;
}

async function checkPasswordProvider(config: Config, email: string, userType: UserType): Promise<boolean> {
  const identity = createIdentity(config, { log });
  const provider = identity.passwords;
  if (provider === undefined) throw new Error(`AUTH_PROVIDER=${config.authProvider} has no password check`);
  try {
    const check = await provider.checkPassword({ email: email.toLowerCase(), password: await readPassword(), userType });
    if (!check.accepted) {
      report(false, 'password', `${email} was refused: wrong password, unknown email, or a closed account`);
      return false;
    }
    const { account } = check;
    report(true, 'sign-in', `${account.email} is subject ${account.subject}, user types: ${account.userTypes.join(', ') || 'none'}`);
    if (!account.userTypes.includes(userType)) {
      report(false, 'group', `the account does not hold ${userType}: it would get "Login failed" as ${userType}`);
      return false;
    }
    const state = await provider.lookUp(account.subject);
    report(state.open, 'recheck', state.open ? 'found again by its subject' : 'not found again by its subject: the recheck would close it');
    return state.open;
  } catch (error) {
    return reportUnavailable(error);
  } finally {
    await identity.close();
  }
}

/** Nothing is signed in here, so no refresh token is ever kept. */
const NO_REFRESH_TOKENS = { read: async () => undefined, write: async () => undefined, forget: async () => undefined };

/** The provider's discovery document and endpoints; a sign-in itself needs a browser, so the client secret is checked at the first one. */
async function checkOpenIdProvider(config: Config): Promise<boolean> {
  const identity = createIdentity(config, { log, refreshTokens: NO_REFRESH_TOKENS });
  try {
    const oidc = identity.oidc;
    if (oidc === undefined) throw new Error('AUTH_PROVIDER=oidc built no relying party');
    await oidc.beginSignIn();
    report(true, 'discovery', `${config.oidcIssuer} answers with its discovery document and keys`);
    report(true, 'register', `redirect URI ${config.publicOrigin}/api/auth/oidc/callback`);
    report(true, 'register', `back-channel logout URI ${config.publicOrigin}/api/auth/oidc/backchannel-logout`);
    const endSession = await oidc.endSessionUrl();
    report(
      true,
      'register',
      endSession === undefined ? 'no end_session_endpoint: logout ends the portal session only' : `post-logout redirect URI ${config.publicOrigin}/login`,
    );
    console.log('The client secret and the user-type claim are checked at the first sign-in in a browser.');
    return true;
  } catch (error) {
    return reportUnavailable(error);
  } finally {
    await identity.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, 'user-type': { type: 'string', default: 'SELLER' } } });
  loadEnvFile();
  let config: Config;
  try {
    config = parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    report(false, 'config', error.message);
    return 1;
  }
  report(true, 'config', `AUTH_PROVIDER=${config.authProvider}`);
  if (config.authProvider === 'local') {
    console.log('The portal keeps its own accounts: nothing to reach.');
    return 0;
  }
  const userType = values['user-type'];
  if (userType !== 'SELLER' && userType !== 'WAREHOUSE') {
    report(false, 'arguments', '--user-type must be SELLER or WAREHOUSE');
    return 2;
  }
  if (config.authProvider === 'oidc') return (await checkOpenIdProvider(config)) ? 0 : 1;
  if (values.email === undefined) {
    report(false, 'arguments', 'name a test account: npm run check:auth -- --email someone@example.com --user-type SELLER');
    return 2;
  }
  return (await checkPasswordProvider(config, values.email, userType)) ? 0 : 1;
}

process.exitCode = await main();
