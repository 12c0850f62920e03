/** msw handlers named after the operationIds they stand in for. Paths match any origin. */
import { http, HttpResponse } from 'msw';
import type { ApiTokenFixture, CurrentUserFixture } from './fixtures';

export const getCurrentUser = (user: CurrentUserFixture | null) =>
  http.get('*/api/auth/me', () => (user ? HttpResponse.json(user) : HttpResponse.json({ status: 401, message: 'Not logged in.' }, { status: 401 })));

export const listApiTokens = (tokens: ApiTokenFixture[] | (() => ApiTokenFixture[])) =>
  http.get('*/api/auth/token', () => HttpResponse.json({ data: typeof tokens === 'function' ? tokens() : tokens }));

export const logout = (status = 204) =>
  http.get('*/api/auth/logout', () =>
    status === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ status, message: 'Server error' }, { status }),
  );

export type TokenUsageFixture = { tokenId: number; title: string; deleted: boolean; calls: number; errorRate: number; daily: number[] };

export const listTokenUsage = (rows: TokenUsageFixture[]) => http.get('*/api/usage/tokens', () => HttpResponse.json({ data: rows }));

export const getPortalSettings = (publicDocs: boolean) => http.get('*/api/portal/settings', () => HttpResponse.json({ publicDocs }));
