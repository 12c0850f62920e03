/**
 * The API tester's token field and the reference pages' token picker with IP allowlists (getClientAddress)
 * and revoked tokens.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { CLIENT_ADDRESS, server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { fakeSellerToken, seller, tokenFixture } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

const WARNING = `This token's IP allowlist does not include this browser's address (${CLIENT_ADDRESS}): the call will get 403.`;
const revocation = { revokedDate: '2026-04-02T08:30:00Z', foundAt: 'https://github.com/example/erp-sync/blob/main/.env', source: 'commit' };

const open = tokenFixture({ title: 'Anywhere', token: fakeSellerToken('anywhere') });
const inside = tokenFixture({ title: 'Office', token: fakeSellerToken('office'), ipAllowlist: ['203.0.113.0/24'] });
const outside = tokenFixture({ title: 'Data centre', token: fakeSellerToken('datacentre'), ipAllowlist: ['198.51.100.0/24', '2001:db8::/32'] });
const revoked = tokenFixture({ title: 'Leaked', token: fakeSellerToken('leaked'), revocation });

describe('API Test: the token field', () => {
  it("warns when the chosen token's allowlist leaves this browser out, and only then", async () => {
    server.use(getCurrentUser(seller), listApiTokens([open, inside, outside]));
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    const choose = async (title: string) => {
      await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
      await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(title) }));
    };
    await choose('Data centre');
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
    await choose('Office');
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    await choose('Anywhere');
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    await choose('Data centre');
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
  });

  it('marks in the menu, before it is chosen, a token whose allowlist leaves this browser out, each item laid out alike', async () => {
    server.use(getCurrentUser(seller), listApiTokens([open, inside, outside]));
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
    const listbox = screen.getByRole('listbox');
    expect(await within(listbox).findByText(`Not from this address (${CLIENT_ADDRESS}): calls answer 403`)).toBeInTheDocument();
    const options = within(listbox).getAllByRole('option');
    const marked = options.filter((option) => option.textContent?.includes('Not from this address'));
    expect(marked.map((option) => within(option).getByText(/^Data centre/).textContent)).toEqual(['Data centre']);
    // Every item alike: its name, then its details (the marked one's note among them).
    for (const option of options) expect(option).toHaveTextContent(/Expires .*Access: /);
  });

  it("explains a 403 from outside the allowlist by the address, not by the token's access", async () => {
    const refusal = { status: 403, message: `This token cannot be used from ${CLIENT_ADDRESS}.` };
    server.use(
      getCurrentUser(seller),
      listApiTokens([outside]),
      http.get('*/api/v1/*', () => HttpResponse.json(refusal, { status: 403 })),
    );
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Data centre/ }));
    await user.click(screen.getByRole('button', { name: 'Test API' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal.message);
    const help = screen.getByRole('note');
    expect(help).toHaveTextContent(`its IP allowlist does not include ${CLIENT_ADDRESS}, the address this call came from`);
    expect(help).not.toHaveTextContent('access does not include');
    expect(within(help).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('does not offer a revoked token', async () => {
    server.use(getCurrentUser(seller), listApiTokens([open, revoked]));
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    await user.click(await screen.findByRole('combobox', { name: 'Your tokens' }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /Anywhere/ })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /Leaked/ })).not.toBeInTheDocument();
  });
});

describe('reference pages: the token picker', () => {
  async function openPicker() {
    server.use(getCurrentUser(seller));
    const view = renderApp('/documentation?category=seller&subcategory=warehouse');
    const section = (await screen.findByRole('heading', { level: 2, name: 'List warehouses' }, { timeout: 10_000 })).closest('section');
    if (!section) throw new Error('no section');
    await view.user.click(within(section).getByRole('button', { name: 'Use my token' }));
    await view.user.click(await within(section).findByRole('combobox', { name: 'Token' }));
    return { ...view, section };
  }

  it("warns when the chosen token's allowlist leaves this browser out", async () => {
    server.use(listApiTokens([inside, outside]));
    const { user, section } = await openPicker();
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /^Data centre/ }));
    expect(await within(section).findByText(WARNING)).toBeInTheDocument();
    await user.click(within(section).getByRole('combobox', { name: 'Token' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /^Office/ }));
    expect(within(section).queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('marks in the menu a token whose allowlist leaves this browser out, before it is chosen', async () => {
    server.use(listApiTokens([inside, outside]));
    await openPicker();
    const listbox = screen.getByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /^Data centre .*not from this address/ })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: /^Office/ })).not.toHaveAccessibleName(/not from this address/);
  });

  it('does not offer a revoked token', async () => {
    server.use(listApiTokens([open, revoked]));
    await openPicker();
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /^Anywhere/ })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /^Leaked/ })).not.toBeInTheDocument();
  });
});
