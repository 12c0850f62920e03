/** API Test explains a 429 in plain words, with the wait the API asked for counted down (status-help.tsx, shared with "Try it"). */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { FAKE_TOKEN, seller } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

describe('API Test status help', () => {
  it('tells a rate-limited caller how long to wait', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.get('*/api/v1/*', () =>
        HttpResponse.json(
          { status: 429, message: 'Too many requests, retry in 42 seconds.' },
          { status: 429, headers: { 'Retry-After': '42', 'RateLimit-Limit': '600', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '42' } },
        ),
      ),
    );
    const { user } = renderApp('/api-test?operation=listSellerWarehouses');
    await user.click(await screen.findByLabelText('API token'));
    await user.paste(FAKE_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, retry in 42 seconds.');
    expect(screen.getByRole('note')).toHaveTextContent(
      'This token has made the 600 calls it may make in one minute. Wait 42 s (the Retry-After header), then call again; spread the calls out to stay under the limit.',
    );
  });
});
