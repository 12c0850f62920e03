/**
 * The signature checker on the Webhooks screen: valid and each failure in words, nothing sent to the
 * server (msw fails the test on any request it does not expect), and "Check signature" from a delivery.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listWebhookEndpoints } from '../support/handlers';
import { seller } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { attemptFixture, attemptsApi, deliveryOf, endpointFixture, SECRET, type Attempt } from './webhook-fixtures';

setupMsw();

const PAYLOAD = '{"id":"evt_2R7g0cPkq8VYtZ3mW1xBn4","type":"seller.normal_order.status_changed"}';
const ID = 'evt_2R7g0cPkq8VYtZ3mW1xBn4';

function openScreen(attempts: Attempt[] = []) {
  const log = attemptsApi({ first: { data: attempts, nextCursor: null } });
  server.use(getCurrentUser(seller), listWebhookEndpoints([endpointFixture()]), log.handler);
  return renderApp('/webhooks');
}

async function check(values: { payload: string; id: string; timestamp: string; signature: string; secret: string }) {
  const { user } = openScreen();
  const section = await screen.findByRole('region', { name: 'Signature checker' });
  const field = (name: RegExp | string) => within(section).getByLabelText(name);
  await user.click(field(/^Payload/));
  await user.paste(values.payload);
  await user.click(field('webhook-id'));
  await user.paste(values.id);
  await user.click(field('webhook-timestamp'));
  await user.paste(values.timestamp);
  await user.click(field('webhook-signature'));
  await user.paste(values.signature);
  await user.click(field('Secret'));
  await user.paste(values.secret);
  await user.click(within(section).getByRole('button', { name: 'Check signature' }));
  return within(section).getByRole('status');
}

function signedNow(secret = SECRET, at = new Date()) {
  return { payload: PAYLOAD, id: ID, timestamp: String(Math.floor(at.getTime() / 1000)), signature: new Webhook(secret).sign(ID, at, PAYLOAD), secret };
}

describe('signature checker', () => {
  it('says "Valid signature" for what standardwebhooks signs', async () => {
    const status = await check(signedNow());
    await waitFor(() => expect(status).toHaveTextContent('Valid signature'));
  });

  it.each([
    ['a malformed secret', { secret: 'whsec_***' }, 'The secret is malformed'],
    ['no v1 signature', { signature: 'v2,abc' }, 'has no "v1," signature'],
    ['another payload', { payload: `${PAYLOAD}\n` }, 'Signature mismatch'],
    ['an old timestamp', 'old', 'more than 5 minutes old'],
    ['a timestamp ahead', 'ahead', 'more than 5 minutes in the future'],
  ] as const)('says why not for %s', async (_, change, words) => {
    const values =
      change === 'old'
        ? signedNow(SECRET, new Date(Date.now() - 10 * 60_000))
        : change === 'ahead'
          ? signedNow(SECRET, new Date(Date.now() + 10 * 60_000))
          : { ...signedNow(), ...change };
    const status = await check(values);
    await waitFor(() => expect(status).toHaveTextContent(words));
  });

  it('takes a delivery’s payload and id, and fills in the endpoint’s secret on request', async () => {
    const attempt = attemptFixture({ eventId: ID });
    let secretAsked = 0;
    server.use(
      http.get('*/api/webhooks/deliveries/:id', () => HttpResponse.json(deliveryOf(attempt, PAYLOAD))),
      http.get('*/api/webhooks/endpoints/:id/secret', () => {
        secretAsked += 1;
        return HttpResponse.json({ secret: SECRET, previousSecretEndDate: null });
      }),
    );
    const { user } = openScreen([attempt]);
    await user.click(await screen.findByRole('button', { name: /^Delivery of / }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Check signature' }));
    const section = await screen.findByRole('region', { name: 'Signature checker' });
    await waitFor(() => expect(within(section).getByLabelText(/^Payload/)).toHaveValue(PAYLOAD));
    expect(within(section).getByLabelText('webhook-id')).toHaveValue(ID);
    await user.click(within(section).getByRole('button', { name: 'Fill in the endpoint’s secret' }));
    await waitFor(() => expect(within(section).getByLabelText('Secret')).toHaveValue(SECRET));
    expect(secretAsked).toBe(1);
  });
});
