/**
 * AUTH_PROVIDER=wms: the login form's email, password and user type go to the warehouse system
 * (WMS_AUTH_URL) in a request signed with WMS_AUTH_SECRET (signed-requests.ts), and the WMS answers who
 * the account is. The contract is openapi/provider/provider-integration.yaml; every answer is checked
 * against it (wms-contract.ts). Anything but a clear answer (no answer within PROVIDER_TIMEOUT_SECONDS,
 * a refused signature, an answer off the contract) is a ProviderUnavailableError, never a wrong password.
 * The password and the secret go into the signed body and the HMAC only: no error or log line holds them.
 */
import { ProviderUnavailableError, type AccountState, type PasswordCheck, type PasswordProvider } from './provider.ts';
import { fetchFailure } from './fetch-failure.ts';
import { requestSigner } from './signed-requests.ts';
import { loadWmsContract, type WmsAccount } from './wms-contract.ts';

export interface WmsSettings {
  /** The password check's URL; the account lookup is `accounts/{subject}` resolved against it. */
  url: string;
  secret: string;
  timeoutSeconds: number;
  /** Where a refusal that is not a wrong password (a closed account) is told to the operator. */
  log: ProviderLog;
}

/** The part of the server's logger a provider uses. */
export interface ProviderLog {
  info(details: object, message: string): void;
}

/** An answer longer than this is not one the contract describes (an account is a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;

interface Answer {
  status: number;
  body: unknown;
}

export function createWmsProvider(settings: WmsSettings): PasswordProvider {
  const signer = requestSigner(settings.secret);
  const contract = loadWmsContract();
  const unavailable = (step: 'signature' | 'answer', message: string) => new ProviderUnavailableError('wms', step, message);

  async function call(method: 'GET' | 'POST', url: URL, body = ''): Promise<Answer> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method,
        headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...signer.sign(body) },
        ...(method === 'POST' ? { body } : {}),
        // A redirect would carry the password elsewhere: the contract has none, so it is an answer off it.
        redirect: 'manual',
        // The whole exchange, body included, within the timeout.
        signal: AbortSignal.timeout(settings.timeoutSeconds * 1000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw fetchFailure('wms', error, settings.timeoutSeconds);
    }
    if (status === 400) throw unavailable('signature', 'the warehouse system refused the request (400): check WMS_AUTH_SECRET on both sides and both clocks');
    if (status !== 200) return { status, body: undefined };
    if (text.length > MAX_ANSWER_BYTES) throw unavailable('answer', `a ${method} answer of ${text.length} bytes`);
    try {
      return { status, body: JSON.parse(text) as unknown };
    } catch {
      throw unavailable('answer', `a ${method} answer that is not JSON`);
    }
  }

  const externalAccount = (account: WmsAccount) => ({ subject: account.subject, email: account.email.toLowerCase(), userTypes: [...account.userTypes] });

  return {
    kind: 'wms',

    async checkPassword({ email, password, userType }): Promise<PasswordCheck> {
      const answer = await call('POST', new URL(settings.url), JSON.stringify({ email, password, userType }));
      if (answer.status === 401) return { accepted: false };
      if (answer.status === 423) {
        // Told to the user as a wrong password; only this line says why.
        settings.log.info({ provider: 'wms', email }, 'sign-in refused: the account is closed in the warehouse system');
        return { accepted: false };
      }
      if (answer.status !== 200) throw unavailable('answer', `password check answered ${answer.status}`);
      if (!contract.isAccount(answer.body)) throw unavailable('answer', 'password check answer does not match the contract (WmsAccount)');
      return { accepted: true, account: externalAccount(answer.body) };
    },

    async lookUp(subject): Promise<AccountState> {
      const answer = await call('GET', new URL(`accounts/${encodeURIComponent(subject)}`, settings.url));
      if (answer.status === 404) return { open: false };
      if (answer.status !== 200) throw unavailable('answer', `account lookup answered ${answer.status}`);
      const body = answer.body;
      if (!contract.isAccountLookup(body)) throw unavailable('answer', 'account lookup answer does not match the contract (AccountLookup)');
      if (body.subject !== subject) throw unavailable('answer', 'account lookup answered another subject');
      return body.open ? { open: true, account: externalAccount(body) } : { open: false };
    },

    close: async () => undefined,
  };
}
