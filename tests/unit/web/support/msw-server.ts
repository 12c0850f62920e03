/**
 * msw for component tests: an unhandled request fails the test. Handlers are keyed by
 * operationId in handlers.ts. The shell lists the user's tokens on every screen (its expiry reminder),
 * so an empty list is the default answer (and no usage for the token cards), as it checks for leaked tokens
 * (none); the reference is behind login (getPortalSettings); this browser is at 203.0.113.9 (getClientAddress)
 * and signed in once (listSessions, for Settings); no webhook endpoint (the shell's notice about failing ones).
 * A test that cares sets its own.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { getClientAddress, getPortalSettings, listApiTokens, listLeakNotices, listSessions, listTokenUsage, listWebhookEndpoints } from './handlers';
import { sessionFixture } from './fixtures';

export const CLIENT_ADDRESS = '203.0.113.9';

export const server = setupServer(
  listApiTokens([]),
  listTokenUsage([]),
  getPortalSettings(false),
  listLeakNotices([]),
  getClientAddress(CLIENT_ADDRESS),
  listSessions([sessionFixture({ current: true })]),
  listWebhookEndpoints([]),
);

export function setupMsw(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
