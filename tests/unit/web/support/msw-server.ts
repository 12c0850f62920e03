/**
 * msw for component tests: an unhandled request fails the test. Handlers are keyed by
 * operationId in handlers.ts. The shell lists the user's tokens on every screen (its expiry reminder),
 * so an empty list is the default answer (and no usage for the token cards); the reference is behind login
 * (getPortalSettings). A test that cares sets its own.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { getPortalSettings, listApiTokens, listTokenUsage } from './handlers';

export const server = setupServer(listApiTokens([]), listTokenUsage([]), getPortalSettings(false));

export function setupMsw(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
