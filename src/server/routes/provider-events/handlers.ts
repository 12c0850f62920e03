/**
 * receiveAccountEvent: the provider says an account was closed or changed (openapi/provider/,
 * `sendAccountEvent`). The Standard Webhooks signature is checked over the raw body before anything reads
 * it (verifyRawBody), so a bad or stale signature is a 401 that changes nothing, whatever the body. The
 * event is applied before the answer: `account.closed` closes the account's shadow accounts at once;
 * `account.changed` looks the account up again and applies what the provider says.
 *
 * Replays: an event whose webhook-id this process applied in the last 5 minutes (the signature's own
 * window: an older one is refused as stale) is answered 204 again and not applied twice. Another replica
 * does not know the id, but applying an event again is harmless: closing is idempotent and a change is
 * a fresh lookup.
 */
import { LRUCache } from 'lru-cache';
import type { ServerContext } from '../../context.ts';
import { applyAccountState } from '../../accounts/account-state.ts';
import { requestSigner } from '../../identity/signed-requests.ts';
import {
  PROVIDER_NAMES,
  PROVIDER_RETRY_AFTER_SECONDS,
  PROVIDER_UNAVAILABLE_MESSAGE,
  ProviderUnavailableError,
  type AccountState,
} from '../../identity/provider.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';
import { accountEventSource } from './event-source.ts';

const UNVERIFIED_EVENT_MESSAGE = "The event's signature could not be verified.";
/** Standard Webhooks' timestamp tolerance: an id older than this comes with a stale timestamp anyway. */
const REPLAY_WINDOW_MS = 5 * 60 * 1000;
/** Ids remembered at most; far above any provider's rate of account changes. */
const MAX_REMEMBERED_IDS = 10_000;

export function providerEventHandlers(ctx: ServerContext): Record<'receiveAccountEvent', OperationHandler> {
  const source = accountEventSource(ctx.config);
  const signer = source === undefined ? undefined : requestSigner(source.secret);
  const applied = new LRUCache<string, true>({ max: MAX_REMEMBERED_IDS, ttl: REPLAY_WINDOW_MS });

  /** What the provider says of the account now: closed, or looked up again. */
  async function stateAfter(event: Schemas['AccountEvent']): Promise<AccountState> {
    if (event.type === 'account.closed') return { open: false };
    const lookup = ctx.identity.lookup;
    if (lookup === undefined) throw new Error(`AUTH_PROVIDER=${ctx.identity.kind} takes account events but has no lookup`);
    return lookup.lookUp(event.subject);
  }

  return {
    receiveAccountEvent: {
      verifyRawBody(request, body) {
        if (signer === undefined) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (!signer.verify(body, request.headers)) throw new HttpError(401, UNVERIFIED_EVENT_MESSAGE);
      },
      async handle(request, reply) {
        if (source === undefined) throw new Error('receiveAccountEvent reached without an event source');
        const event = request.body as Schemas['AccountEvent'];
        const id = String(request.headers['webhook-id']);
        if (applied.has(id)) return reply.code(204).send();
        let state: AccountState;
        try {
          state = await stateAfter(event);
        } catch (error) {
          if (!(error instanceof ProviderUnavailableError)) throw error;
          request.log.error(
            { provider: error.provider, step: error.step, reason: error.message, subject: event.subject },
            `account event: the ${PROVIDER_NAMES[error.provider]} could not be reached`,
          );
          throw new HttpError(503, PROVIDER_UNAVAILABLE_MESSAGE, { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) });
        }
        const changes = await applyAccountState(ctx, source.kind, event.subject, state);
        // Remembered once applied: an event that failed may be sent again with the same id.
        applied.set(id, true);
        request.log.info({ provider: source.kind, event: event.type, subject: event.subject, ...changes }, 'account event applied');
        return reply.code(204).send();
      },
    },
  };
}
