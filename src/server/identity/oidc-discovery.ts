/**
 * The OpenID Provider's configuration, read from its discovery document on first use rather than at start:
 * a provider that is down when the portal starts must not stop the portal (its login form, its tokens).
 * A failed discovery is not kept: the next sign-in tries again, and each try is repeated once after a
 * short pause, so a provider restarting does not fail a sign-in.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import * as client from 'openid-client';
import { ProviderUnavailableError } from './provider.ts';
import { describeFailure, unreachableStep } from './oidc-errors.ts';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  clientAuth: 'client_secret_basic' | 'client_secret_post';
  timeoutSeconds: number;
}

const RETRY_PAUSE_MS = 250;

async function discoverOnce(settings: OidcClientSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const auth = settings.clientAuth === 'client_secret_post' ? client.ClientSecretPost(settings.clientSecret) : client.ClientSecretBasic(settings.clientSecret);
  return client.discovery(issuer, settings.clientId, { client_secret: settings.clientSecret }, auth, {
    timeout: settings.timeoutSeconds,
    // An http:// issuer is the operator's explicit choice (a provider on the same private network, a test).
    ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
  });
}

/** Discovers once, lazily; `get()` throws ProviderUnavailableError('oidc', 'discovery', ...) when it cannot. */
export function lazyDiscovery(settings: OidcClientSettings): { get(): Promise<client.Configuration> } {
  let found: Promise<client.Configuration> | undefined;
  async function discover(): Promise<client.Configuration> {
    try {
      return await discoverOnce(settings);
    } catch (first) {
      await sleep(RETRY_PAUSE_MS);
      try {
        return await discoverOnce(settings);
      } catch (error) {
        const step = unreachableStep(error, 'discovery');
        throw new ProviderUnavailableError('oidc', 'discovery', `the discovery document could not be read (${step ?? 'answer'}): ${describeFailure(error)}`, {
          cause: first,
        });
      }
    }
  }
  return {
    get() {
      found ??= discover().catch((error: unknown) => {
        found = undefined;
        throw error;
      });
      return found;
    },
  };
}
