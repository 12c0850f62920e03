/** msw handlers named after the operationIds they stand in for. Paths match any origin. */
import { http, HttpResponse } from 'msw';
import type { operations } from '../../../../src/generated/api';
import type { ApiTokenFixture, CurrentUserFixture, PortalSessionFixture } from './fixtures';

export const getCurrentUser = (user: CurrentUserFixture | null) =>
  http.get('*/api/auth/me', () => (user ? HttpResponse.json(user) : HttpResponse.json({ status: 401, message: 'Not logged in.' }, { status: 401 })));

export const listApiTokens = (tokens: ApiTokenFixture[] | (() => ApiTokenFixture[])) =>
  http.get('*/api/auth/token', () => HttpResponse.json({ data: typeof tokens === 'function' ? tokens() : tokens }));

export const logout = (status = 204) =>
  http.get('*/api/auth/logout', () =>
    status === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ status, message: 'Server error' }, { status }),
  );

export type TokenUsageFixture = operations['listTokenUsage']['responses'][200]['content']['application/json']['data'][number];

export const listTokenUsage = (rows: TokenUsageFixture[]) => http.get('*/api/usage/tokens', () => HttpResponse.json({ data: rows }));

export const getPortalSettings = (publicDocs: boolean) => http.get('*/api/portal/settings', () => HttpResponse.json({ publicDocs }));

export type LeakNoticeFixture = operations['listLeakNotices']['responses'][200]['content']['application/json']['data'][number];

export const listLeakNotices = (notices: LeakNoticeFixture[]) => http.get('*/api/portal/leak-notices', () => HttpResponse.json({ data: notices }));

export const getClientAddress = (address: string) => http.get('*/api/portal/client-address', () => HttpResponse.json({ address }));

export const listSessions = (sessions: PortalSessionFixture[]) => http.get('*/api/portal/sessions', () => HttpResponse.json({ data: sessions }));

export type WebhookEndpointFixture = operations['listWebhookEndpoints']['responses'][200]['content']['application/json']['data'][number];

export const listWebhookEndpoints = (endpoints: WebhookEndpointFixture[] | (() => WebhookEndpointFixture[])) =>
  http.get('*/api/webhooks/endpoints', () => HttpResponse.json({ data: typeof endpoints === 'function' ? endpoints() : endpoints }));
