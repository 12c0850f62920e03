/**
 * reportLeakedTokens: GitHub's secret scanning partner endpoint. The signature is checked over the raw body
 * before anything else reads it (verifyRawBody); each reported value that is a live token of ours is
 * revoked, with its owner's activity event, in one transaction, and evicted from the token cache here
 * (other replicas on NOTIFY token_revoked). The answer is GitHub's feedback shape, one label per item in
 * order. Revoking matches live values only, so a report repeated answers false_positive and changes nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { activityOrigin, type ActivityOrigin } from '../../lib/activity-origin.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Schemas } from '../../lib/schemas.ts';
import { loadSecretScanningKeys, verifyReportSignature } from '../../io/secret-scanning-keys.ts';
import { parseTokenValue } from '../../lib/token-format.ts';
import { recordActivity } from '../../repositories/activity-repository.ts';
import { revokeLeakedToken } from '../../repositories/leaked-tokens-repository.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

const UNVERIFIED_REPORT_MESSAGE = "The report's signature could not be verified.";

type ReportItem = Schemas['SecretScanningReport'][number];
type Feedback = Schemas['SecretScanningFeedback'];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** PostgreSQL text cannot hold NUL; a report's address is shown as text, never run. */
const storable = (text: string): string => text.replaceAll('\u0000', '');

export function secretScanningHandlers(ctx: ServerContext): Record<'reportLeakedTokens', OperationHandler> {
  // Read at start: a configured file that cannot be used stops the server with a message naming it.
  const keys = loadSecretScanningKeys(ctx.config.secretScanningKeysFile);

  /** Revokes the token this value is a live value of; whether it did. */
  const revoke = async (item: ReportItem, origin: ActivityOrigin): Promise<boolean> => {
    // Junk never reaches the database: prefix, length, alphabet and checksum first.
    if (parseTokenValue(item.token) === undefined) return false;
    const leak = { url: storable(item.url), source: storable(item.source) };
    const revoked = await ctx.db.transaction(async (tx) => {
      const token = await revokeLeakedToken(tx, ctx.keys.digest(item.token), leak);
      if (token === undefined) return undefined;
      await recordActivity(tx, {
        userId: token.user_id,
        type: 'token_revoked_leaked',
        origin,
        token: { id: token.id, title: token.title },
        details: { foundAt: leak.url, source: leak.source },
      });
      return token;
    });
    if (revoked === undefined) return false;
    ctx.tokenCache.evictToken(revoked.id);
    return true;
  };

  return {
    reportLeakedTokens: {
      verifyRawBody(request, body) {
        const verified = verifyReportSignature(keys, header(request, 'github-public-key-identifier'), header(request, 'github-public-key-signature'), body);
        if (!verified) throw new HttpError(401, UNVERIFIED_REPORT_MESSAGE);
      },
      async handle(request) {
        const origin = activityOrigin(request);
        const feedback: Feedback = [];
        // One at a time: a value reported twice in one report is revoked once, then answered false_positive.
        for (const item of request.body as Schemas['SecretScanningReport']) {
          const label = (await revoke(item, origin)) ? 'true_positive' : 'false_positive';
          feedback.push({ token_hash: createHash('sha256').update(item.token).digest('hex'), token_type: item.type, label });
        }
        return feedback;
      },
    },
  };
}
