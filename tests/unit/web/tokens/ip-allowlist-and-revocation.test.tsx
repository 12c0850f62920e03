/**
 * Settings' token cards and IP allowlists: createApiToken with ipAllowlist, the card's list and the
 * outside-address warning (getClientAddress), updateApiTokenIpAllowlist, and revoked tokens.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CLIENT_ADDRESS, server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { daysFromNow, fakeSellerToken, seller, tokenFixture, type ApiTokenFixture } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

type User = ReturnType<typeof renderApp>['user'];

/** listApiTokens, createApiToken and updateApiTokenIpAllowlist over one list, recording the bodies sent. */
function tokenStore(initial: ApiTokenFixture[]) {
  let tokens = [...initial];
  const sent: unknown[] = [];
  server.use(
    getCurrentUser(seller),
    http.get('*/api/auth/token', () => HttpResponse.json({ data: tokens })),
    http.post('*/api/auth/token', async ({ request }) => {
      const body = (await request.json()) as { title: string; description: string; ipAllowlist?: string[] };
      sent.push(body);
      const created = tokenFixture({ title: body.title, description: body.description, ipAllowlist: body.ipAllowlist ?? [], token: fakeSellerToken('new') });
      tokens = [...tokens, created];
      return HttpResponse.json({ data: created }, { status: 201 });
    }),
    http.put('*/api/portal/tokens/:tokenId/ip-allowlist', async ({ params, request }) => {
      const body = (await request.json()) as { ipAllowlist: string[] };
      sent.push({ tokenId: Number(params.tokenId), ...body });
      tokens = tokens.map((token) => (token.id === Number(params.tokenId) ? { ...token, ipAllowlist: body.ipAllowlist } : token));
      return HttpResponse.json({ data: tokens.find((token) => token.id === Number(params.tokenId)) });
    }),
  );
  return sent;
}

async function openCreate(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'CI');
  await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Deploys');
  return dialog;
}

describe('createApiToken: IP allowlist', () => {
  it('explains the field, refuses every bad entry naming each on its own line, and sends nothing', async () => {
    const sent = tokenStore([tokenFixture()]);
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    const field = within(dialog).getByRole('textbox', { name: 'IP allowlist' });
    expect(within(dialog).getByText('Empty: any IP address. IPv4, IPv6 or CIDR ranges, at most 20.')).toBeInTheDocument();
    await user.click(field);
    await user.paste('203.0.113.0/24\n203.0.113.300\noffice, 10.0.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const lines = await within(dialog).findAllByText(/is not an IP address or range\.$/);
    expect(lines.map((line) => line.textContent)).toEqual(['"203.0.113.300" is not an IP address or range.', '"office" is not an IP address or range.']);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).not.toHaveTextContent('ipAllowlist');
    expect(sent).toEqual([]);
  });

  it('counts title and description against their limits as they are typed, and marks a too-long one in plain words', async () => {
    const sent = tokenStore([tokenFixture()]);
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    expect(title).toHaveAccessibleDescription(/2\/100$/);
    expect(description).toHaveAccessibleDescription(/7\/500$/);
    // Characters as people count them: an emoji is one.
    await user.type(title, ' 🚚');
    expect(title).toHaveAccessibleDescription(/4\/100$/);
    await user.clear(title);
    await user.click(title);
    await user.paste('x'.repeat(101));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Too long: 101 characters, at most 100. 101/100');
    await user.click(description);
    await user.paste('y'.repeat(500));
    expect(description).toHaveAccessibleDescription(/507\/500$/);
    expect(description).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(dialog).not.toHaveTextContent(/must NOT|body\//);
    expect(sent).toEqual([]);
  });

  it('sends a good list, one per line or comma separated, in its canonical form', async () => {
    const sent = tokenStore([tokenFixture()]);
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'IP allowlist' }), '203.0.113.7/24, 2001:db8::1{Enter}{Enter}::ffff:198.51.100.4');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('article', { name: 'CI' })).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ title: 'CI', ipAllowlist: ['203.0.113.0/24', '2001:db8::1', '198.51.100.4'] })]);
  });
});

describe('token cards: IP allowlist', () => {
  it('says "Any IP address" for an empty list, without a warning', async () => {
    tokenStore([tokenFixture()]);
    renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'Shop sync' });
    expect(within(card).getByText('IP allowlist').nextElementSibling).toHaveTextContent('Any IP address');
    expect(within(card).queryByText(/outside this list/)).not.toBeInTheDocument();
  });

  it('shows the first entries and how many more, and no warning when this browser is inside', async () => {
    tokenStore([tokenFixture({ ipAllowlist: ['203.0.113.0/24', '2001:db8::1', '198.51.100.4', '198.51.100.5'] })]);
    let asked = 0;
    server.use(
      http.get('*/api/portal/client-address', () => {
        asked += 1;
        return HttpResponse.json({ address: CLIENT_ADDRESS });
      }),
    );
    const { queryClient } = renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'Shop sync' });
    expect(within(card).getByText('203.0.113.0/24, 2001:db8::1 +2 more')).toBeInTheDocument();
    // The address has been asked and found inside (203.0.113.9 is in 203.0.113.0/24).
    await waitFor(() => expect(queryClient.getQueryData(['clientAddress'])).toBe(CLIENT_ADDRESS));
    expect(asked).toBe(1);
    expect(within(card).queryByText(/outside this list/)).not.toBeInTheDocument();
  });

  it("warns when this browser's address is outside the list", async () => {
    tokenStore([tokenFixture({ ipAllowlist: ['198.51.100.0/24'] })]);
    renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'Shop sync' });
    expect(await within(card).findByText(`This browser's address (${CLIENT_ADDRESS}) is outside this list: calls from here get 403.`)).toBeInTheDocument();
  });

  it('edits the list: saves it by token id and the card shows the new one', async () => {
    const token = tokenFixture();
    const sent = tokenStore([token]);
    const { user } = renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'Shop sync' });
    await user.click(within(card).getByRole('button', { name: 'Edit IP allowlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'IP allowlist of “Shop sync”' });
    const field = within(dialog).getByRole('textbox', { name: 'IP allowlist' });
    expect(field).toHaveValue('');
    await user.type(field, '198.51.100.0/24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ tokenId: token.id, ipAllowlist: ['198.51.100.0/24'] }]);
    expect(await within(card).findByText('198.51.100.0/24')).toBeInTheDocument();
    expect(await within(card).findByText(/This browser's address \(203\.0\.113\.9\) is outside this list/)).toBeInTheDocument();

    // Opened again, it starts from the saved list.
    await user.click(within(card).getByRole('button', { name: 'Edit IP allowlist' }));
    expect(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'IP allowlist' })).toHaveValue('198.51.100.0/24');
  });

  it("refuses a bad entry before sending, and shows the server's 400 under the field", async () => {
    const sent = tokenStore([tokenFixture()]);
    const { user } = renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'Shop sync' });
    await user.click(within(card).getByRole('button', { name: 'Edit IP allowlist' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'IP allowlist' });
    await user.type(field, 'office');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('"office" is not an IP address or range.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // One the browser accepts and the server does not (a stand-in for a rule only the server knows).
    await user.clear(field);
    await user.type(field, '10.0.0.0/8');
    server.use(
      http.put('*/api/portal/tokens/:tokenId/ip-allowlist', () =>
        HttpResponse.json({ status: 400, message: 'ipAllowlist: "10.0.0.0/8" is refused by the server.' }, { status: 400 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The server's message without its field name: the field it is shown under names it.
    expect(await within(dialog).findByText('"10.0.0.0/8" is refused by the server.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('token cards: revoked', () => {
  const revoked = () =>
    tokenFixture({
      title: 'CI',
      ipAllowlist: ['198.51.100.0/24'],
      previousValueExpiresAt: daysFromNow(1),
      revocation: { revokedDate: '2026-04-02T08:30:00Z', foundAt: 'https://github.com/example/erp-sync/blob/main/.env', source: 'commit' },
    });

  it('says it was found in public and no longer works, with only Delete', async () => {
    const token = revoked();
    server.use(getCurrentUser(seller), listApiTokens([token]));
    renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'CI' });
    expect(within(card).getByText('Revoked')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      /Found in public at https:\/\/github\.com\/example\/erp-sync\/blob\/main\/\.env on .*2026.*\. It no longer works; create a new token\./,
    );
    for (const name of ['Refresh', 'Show token', 'Copy token', 'Edit IP allowlist', 'End now']) {
      expect(within(card).queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(card).not.toHaveTextContent(token.token);
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // Nothing to warn about: it works from nowhere.
    expect(within(card).queryByText(/outside this list/)).not.toBeInTheDocument();
  });

  it('can still be deleted', async () => {
    const token = revoked();
    let tokens = [token];
    server.use(
      getCurrentUser(seller),
      http.get('*/api/auth/token', () => HttpResponse.json({ data: tokens })),
      http.delete('*/api/auth/token/:token', () => {
        tokens = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/settings');
    const card = await screen.findByRole('article', { name: 'CI' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'CI' })).not.toBeInTheDocument());
  });
});
