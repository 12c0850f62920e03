/** The Settings screen: listApiTokens, createApiToken, refreshApiToken, endApiTokenGrace, deleteApiToken. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { FAKE_TOKEN, daysFromNow, fakeSellerToken, seller, tokenFixture, warehouseUser, type ApiTokenFixture } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { preloadScreens } from '../../../../src/web/app/routes';
import { expectConsoleErrors } from '../support/console';
import { ENVIRONMENT_HELP } from '../../../../src/web/features/tokens/components/create-token-dialog';

setupMsw();

const MASK = '•'.repeat(24);

function card(title: string) {
  return screen.getByRole('article', { name: title });
}

/** A little in-memory token store behind the four token operations. */
function tokenStore(initial: ApiTokenFixture[]) {
  let tokens = [...initial];
  const calls: string[] = [];
  const handlers = [
    http.get('*/api/auth/token', () => {
      calls.push('listApiTokens');
      return HttpResponse.json({ data: tokens });
    }),
    http.post('*/api/auth/token', async ({ request }) => {
      const body = (await request.json()) as {
        title: string;
        description: string;
        environment: ApiTokenFixture['environment'];
        expiresInDays: number;
        scopes: ApiTokenFixture['scopes'];
      };
      calls.push(`createApiToken ${JSON.stringify(body)}`);
      const created = tokenFixture({
        title: body.title,
        description: body.description,
        lifetimeDays: body.expiresInDays,
        scopes: body.scopes,
        environment: body.environment,
        expiryDate: daysFromNow(body.expiresInDays),
        token: fakeSellerToken(`new${tokens.length}`),
      });
      tokens = [...tokens, created];
      return HttpResponse.json({ data: created }, { status: 201 });
    }),
    http.get('*/api/auth/token/refresh/:token', ({ params, request }) => {
      const grace = Number(new URL(request.url).searchParams.get('graceHours'));
      calls.push(`refreshApiToken ${String(params.token)} graceHours=${grace}`);
      tokens = tokens.map((token) =>
        token.token === params.token
          ? { ...token, expiryDate: daysFromNow(token.lifetimeDays), previousValueExpiresAt: grace > 0 ? daysFromNow(grace / 24) : null }
          : token,
      );
      return HttpResponse.json({ data: tokens.find((token) => token.token === params.token) });
    }),
    http.delete('*/api/auth/token/previous-value/:token', ({ params }) => {
      calls.push(`endApiTokenGrace ${String(params.token)}`);
      tokens = tokens.map((token) => (token.token === params.token ? { ...token, previousValueExpiresAt: null } : token));
      return HttpResponse.json({ data: tokens.find((token) => token.token === params.token) });
    }),
    http.delete('*/api/auth/token/:token', ({ params }) => {
      calls.push(`deleteApiToken ${String(params.token)}`);
      tokens = tokens.filter((token) => token.token !== params.token);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, calls };
}

describe('listApiTokens', () => {
  it('shows a skeleton while loading, then a card per token with title, description, dates and a masked value', async () => {
    const token = tokenFixture({ lastUsedDate: daysFromNow(-1) });
    server.use(
      getCurrentUser(seller),
      http.get('*/api/auth/token', async () => {
        await delay(200);
        return HttpResponse.json({ data: [token, tokenFixture({ title: 'Second', token: fakeSellerToken('second') })] });
      }),
    );
    // The screen's code is here first (as the app preloads it): otherwise the shell's expiry reminder could
    // have fetched the tokens before the screen mounts, and the skeleton would never show.
    await preloadScreens('/settings');
    renderApp('/settings');
    expect(await screen.findByRole('status', { name: 'Loading tokens' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Shop sync' });
    expect(screen.getByRole('article', { name: 'Second' })).toBeInTheDocument();
    expect(within(first).getByText(token.description)).toBeInTheDocument();
    expect(within(first).getByText('Created')).toBeInTheDocument();
    expect(within(first).getByText('Expires')).toBeInTheDocument();
    expect(within(first).getByText('Last used')).toBeInTheDocument();
    // Dates in the user's locale with the time zone named.
    const expires = within(first).getByText('Expires').nextElementSibling;
    expect(expires?.textContent).toMatch(/\d{4}/);
    expect(expires?.textContent).toMatch(/UTC|GMT|[A-Z]{2,5}/);
    expect(within(first).getByText(MASK)).toBeInTheDocument();
    expect(first).not.toHaveTextContent(token.token);
    expect(screen.queryByRole('status', { name: 'Loading tokens' })).not.toBeInTheDocument();
  });

  it('says "Never" for a token not used yet', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture()]));
    renderApp('/settings');
    expect(within(await screen.findByRole('article', { name: 'Shop sync' })).getByText('Never')).toBeInTheDocument();
  });

  it('reveals and hides a token with an icon button named for what it does', async () => {
    const token = tokenFixture();
    server.use(getCurrentUser(seller), listApiTokens([token]));
    const { user } = renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    await user.click(within(article).getByRole('button', { name: 'Show token' }));
    expect(within(article).getByText(token.token)).toBeInTheDocument();
    expect(within(article).queryByText(MASK)).not.toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: 'Hide token' }));
    expect(within(article).getByText(MASK)).toBeInTheDocument();
    expect(article).not.toHaveTextContent(token.token);
  });

  it('copies the real value and says "Copied"', async () => {
    const token = tokenFixture();
    server.use(getCurrentUser(seller), listApiTokens([token]));
    const { user } = renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    await user.click(within(article).getByRole('button', { name: 'Copy token' }));
    expect(await within(article).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(token.token);
    expect(within(article).getByText(MASK)).toBeInTheDocument();
  });

  it.each([
    ['an expired token', -1, 'Expired'],
    ['a token expiring in 3 days', 3.5, 'Expires in 3 days'],
    ['a token expiring in 1 day', 1.5, 'Expires in 1 day'],
    ['a token expiring today', 0.2, 'Expires today'],
  ])('badges %s', async (_, days, badge) => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(days) })]));
    renderApp('/settings');
    expect(within(await screen.findByRole('article', { name: 'Shop sync' })).getByText(badge)).toBeInTheDocument();
  });

  it('puts no badge on a token with more than 7 days left', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ expiryDate: daysFromNow(8) })]));
    renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    expect(within(article).queryByText(/^(Expired|Expires (today|in))/)).toBeNull();
  });

  it('explains tokens in an empty state with the Create button', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'No API tokens yet' })).toBeInTheDocument();
    expect(screen.getByText(/lets your own systems call the ACME API/)).toHaveTextContent('ACME-API-TOKEN header');
    await user.click(screen.getByRole('button', { name: 'Create New Token' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Token' })).toBeInTheDocument();
  });

  it('logs a failed list and tells the user', async () => {
    const errors = expectConsoleErrors();
    server.use(
      getCurrentUser(seller),
      http.get('*/api/auth/token', () => HttpResponse.json({ status: 500, message: 'Internal Server Error' }, { status: 500 })),
    );
    renderApp('/settings');
    expect(await screen.findByText('Your tokens could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText(/The token list is unavailable/)).toHaveTextContent('Internal Server Error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('List tokens failed (HTTP 500)'));
  });
});

describe('createApiToken', () => {
  it('requires Title and Description with inline errors and sends nothing', async () => {
    const store = tokenStore([tokenFixture()]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'CI pipeline');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Description is required.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Title is required.')).not.toBeInTheDocument();
    expect(store.calls.filter((call) => call.startsWith('createApiToken'))).toEqual([]);
  });

  it('creates a token, closes the modal and reloads the list', async () => {
    const store = tokenStore([tokenFixture()]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const opener = await screen.findByRole('button', { name: 'Create New Token' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'CI pipeline');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Deploy checks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('article', { name: 'CI pipeline' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.calls).toEqual([
      'listApiTokens',
      'createApiToken {"title":"CI pipeline","description":"Deploy checks","environment":"sandbox","expiresInDays":90,"scopes":null,"ipAllowlist":[]}',
      'listApiTokens',
    ]);
    // Keyboard users land on what they made, not back on the opener or the page body.
    await waitFor(() => expect(screen.getByRole('article', { name: 'CI pipeline' })).toHaveFocus());
    expect(opener).not.toHaveFocus();
  });

  it('focuses the first card when the first token is made from the empty state', async () => {
    const store = tokenStore([]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'First');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'The first one');
    // Enter in the Title field submits the form, as from the keyboard.
    await user.click(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('article', { name: 'First' })).toHaveFocus());
  });

  it.each([
    ['Cancel', async (user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Cancel' }))],
    ['Escape', async (user: ReturnType<typeof renderApp>['user']) => user.keyboard('{Escape}')],
  ])('closes with %s and sends nothing', async (_, close) => {
    const store = tokenStore([tokenFixture()]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Draft');
    await close(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.calls).toEqual(['listApiTokens']);
  });

  it('logs a failed create, shows a snackbar and the reason in the modal', async () => {
    const errors = expectConsoleErrors();
    server.use(
      getCurrentUser(seller),
      listApiTokens([]),
      http.post('*/api/auth/token', () => HttpResponse.json({ status: 400, message: 'title must be at most 100 characters' }, { status: 400 })),
    );
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'x');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('title must be at most 100 characters')).toBeInTheDocument();
    expect(await screen.findByText('The token could not be created.')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Create token failed (HTTP 400)'));
  });
});

describe('createApiToken: lifetime and access', () => {
  async function openCreate(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Stock view');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Dashboard');
    return dialog;
  }

  async function createWithLifetime(lifetime: string) {
    const store = tokenStore([]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires in' }));
    await user.click(screen.getByRole('option', { name: lifetime }));
    return { user, dialog, store };
  }

  it('offers 7, 30, 90 (default), 180 and 365 days, and all domains by default', async () => {
    server.use(getCurrentUser(seller), listApiTokens([]));
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    const lifetime = within(dialog).getByRole('combobox', { name: 'Expires in' });
    expect(lifetime).toHaveTextContent('90 days (default)');
    await user.click(lifetime);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['7 days', '30 days', '90 days (default)', '180 days', '365 days']);
    await user.keyboard('{Escape}');
    const access = within(dialog).getByRole('group', { name: 'Access' });
    expect(within(access).getByRole('radio', { name: 'All Seller API domains, including ones added later' })).toBeChecked();
    expect(within(access).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(access).toHaveTextContent('All access is read-only, as the API is.');
  });

  it('sends the chosen lifetime and the ticked domains, in the API order', async () => {
    const { user, dialog, store } = await createWithLifetime('30 days');
    expect(within(dialog).getByText(/^Until .* A refresh gives it the same lifetime again\.$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Only the domains I choose' }));
    const domains = within(dialog).getByRole('group', { name: 'Domains' });
    expect(
      within(domains)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Warehouses', 'Quotations', 'Imports', 'Products', 'Orders']);
    await user.click(within(domains).getByRole('checkbox', { name: 'Orders' }));
    await user.click(within(domains).getByRole('checkbox', { name: 'Products' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const created = await screen.findByRole('article', { name: 'Stock view' });
    expect(store.calls[1]).toBe(
      'createApiToken {"title":"Stock view","description":"Dashboard","environment":"sandbox","expiresInDays":30,"scopes":["products","orders"],"ipAllowlist":[]}',
    );
    const chips = within(created)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toEqual(['Products', 'Orders']);
  });

  it('says a new 7-day token expires in 7 days, with no reminder banner for it', async () => {
    const { user, dialog } = await createWithLifetime('7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const created = await screen.findByRole('article', { name: 'Stock view' });
    expect(within(created).getByText('Expires in 7 days')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Token expiry reminder' })).not.toBeInTheDocument();
  });

  it('needs at least one domain when choosing them, and sends nothing until then', async () => {
    const store = tokenStore([]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Only the domains I choose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose at least one domain.')).toBeInTheDocument();
    expect(store.calls).toEqual(['listApiTokens']);
    // Back to every domain: the error goes and the token is created with full access.
    await user.click(within(dialog).getByRole('radio', { name: /^All Seller API domains/ }));
    expect(within(dialog).queryByText('Choose at least one domain.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('article', { name: 'Stock view' });
    expect(store.calls[1]).toMatch(/"scopes":null,"ipAllowlist":\[\]}$/);
  });

  it("offers a warehouse user the Warehouse API's domains", async () => {
    server.use(getCurrentUser(warehouseUser), listApiTokens([]));
    const { user } = renderApp('/settings');
    const dialog = await openCreate(user);
    expect(within(dialog).getByRole('radio', { name: /^All Warehouse API domains/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Only the domains I choose' }));
    const domains = within(dialog).getByRole('group', { name: 'Domains' });
    expect(
      within(domains)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Quotations', 'Imports', 'Inventory', 'Orders']);
  });
});

describe('createApiToken: environment', () => {
  async function openCreate(liveTokens: boolean) {
    const store = tokenStore([]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings', { pageSettings: { publicDocs: false, loginForm: true, signInWith: null, liveTokens } });
    await user.click(await screen.findByRole('button', { name: 'Create New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Orders');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Order sync');
    return { user, dialog, store };
  }

  it('offers no choice when live tokens cannot be made, and sends sandbox', async () => {
    const { user, dialog, store } = await openCreate(false);
    expect(within(dialog).queryByRole('group', { name: 'Environment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Live' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const created = await screen.findByRole('article', { name: 'Orders' });
    expect(store.calls[1]).toContain('"environment":"sandbox"');
    expect(within(created).getByText('Sandbox')).toBeInTheDocument();
  });

  it('offers Sandbox (default) and Live with what each reaches, and sends the choice', async () => {
    const { user, dialog, store } = await openCreate(true);
    const environment = within(dialog).getByRole('group', { name: 'Environment' });
    expect(within(environment).getByRole('radio', { name: 'Sandbox' })).toBeChecked();
    expect(within(environment).getByRole('radio', { name: 'Live' })).not.toBeChecked();
    expect(environment).toHaveTextContent(ENVIRONMENT_HELP);
    await user.click(within(environment).getByRole('radio', { name: 'Live' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const created = await screen.findByRole('article', { name: 'Orders' });
    expect(store.calls[1]).toBe(
      'createApiToken {"title":"Orders","description":"Order sync","environment":"live","expiresInDays":90,"scopes":null,"ipAllowlist":[]}',
    );
    expect(within(created).getByText('Live')).toBeInTheDocument();
    expect(within(created).getByText('Live').closest('.MuiChip-root')).toHaveTextContent('Environment: Live');
  });

  it('starts at Sandbox again when opened after a live token was made', async () => {
    const { user, dialog } = await openCreate(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Live' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('article', { name: 'Orders' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create New Token' }));
    const again = await screen.findByRole('dialog', { name: 'Create New Token' });
    expect(within(again).getByRole('radio', { name: 'Sandbox' })).toBeChecked();
  });
});

describe('cards: environment', () => {
  it('shows a Sandbox or Live chip beside each title', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture({ title: 'Test data' }), tokenFixture({ title: 'Production', environment: 'live', token: fakeSellerToken('livecard') })]),
    );
    renderApp('/settings');
    const sandboxCard = await screen.findByRole('article', { name: 'Test data' });
    expect(within(sandboxCard).getByText('Sandbox')).toBeInTheDocument();
    expect(within(sandboxCard).queryByText('Live')).not.toBeInTheDocument();
    const liveCard = screen.getByRole('article', { name: 'Production' });
    expect(within(liveCard).getByText('Live')).toBeInTheDocument();
    expect(within(liveCard).getByText('Live').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
  });
});

describe('cards: access and grace window', () => {
  it('shows "All Seller API domains" for full access and a chip per domain otherwise', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture(), tokenFixture({ title: 'Restricted', token: fakeSellerToken('restricted'), scopes: ['warehouses', 'orders'] })]),
    );
    renderApp('/settings');
    const full = await screen.findByRole('article', { name: 'Shop sync' });
    expect(within(full).getByText('Access')).toBeInTheDocument();
    expect(
      within(full)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['All Seller API domains']);
    expect(
      within(card('Restricted'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Warehouses', 'Orders']);
  });

  it('says when the previous value stops working, and "End now" ends the window', async () => {
    const store = tokenStore([tokenFixture({ previousValueExpiresAt: new Date(Date.now() + 3 * 3_600_000 - 60_000).toISOString() })]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    const grace = within(article).getByRole('status');
    expect(grace).toHaveTextContent('Previous value stops working in 3 h');
    expect(grace).toHaveTextContent(/Both values work until .*\d{4}/);
    await user.click(within(grace).getByRole('button', { name: 'End now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the grace window?' });
    expect(dialog).toHaveAccessibleDescription('The previous value of “Shop sync” stops working now.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(store.calls).toEqual(['listApiTokens']);
    await user.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(within(card('Shop sync')).queryByText(/Previous value stops working/)).not.toBeInTheDocument());
    expect(store.calls).toEqual(['listApiTokens', `endApiTokenGrace ${FAKE_TOKEN}`, 'listApiTokens']);
    expect(await screen.findByText('The previous value of “Shop sync” no longer works.')).toBeInTheDocument();
  });

  it('"End now" asks first; Cancel keeps the grace window', async () => {
    const store = tokenStore([tokenFixture({ previousValueExpiresAt: new Date(Date.now() + 3 * 3_600_000).toISOString() })]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    await user.click(within(article).getByRole('button', { name: 'End now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the grace window?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card('Shop sync')).getByText(/Previous value stops working/)).toBeInTheDocument();
    expect(store.calls).toEqual(['listApiTokens']);
  });

  it('shows no grace window once its end has passed', async () => {
    server.use(getCurrentUser(seller), listApiTokens([tokenFixture({ previousValueExpiresAt: daysFromNow(-0.01) })]));
    renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    expect(within(article).queryByText(/Previous value/)).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'End now' })).not.toBeInTheDocument();
  });
});

describe('refreshApiToken', () => {
  it('asks how long the old value keeps working (not at all by default), refreshes and reloads the list', async () => {
    const store = tokenStore([tokenFixture({ expiryDate: daysFromNow(2.5), lifetimeDays: 30 })]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const article = await screen.findByRole('article', { name: 'Shop sync' });
    expect(within(article).getByText('Expires in 2 days')).toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: 'Refresh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh “Shop sync”' });
    expect(dialog).toHaveTextContent('valid for 30 days from now');
    const question = within(dialog).getByRole('radiogroup');
    expect(
      within(question)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Not at all: it stops working at once', '1 hour', '24 hours', '7 days']);
    expect(within(dialog).getByRole('radio', { name: /Not at all/ })).toBeChecked();
    // The help fits the choice: no grace window is promised for "Not at all".
    expect(dialog).toHaveTextContent('The current value stops working as soon as you refresh');
    expect(dialog).not.toHaveTextContent('During the grace window both values work');
    await user.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    expect(dialog).toHaveTextContent('During the grace window both values work');
    await user.click(within(dialog).getByRole('radio', { name: /Not at all/ }));
    expect(store.calls).toEqual(['listApiTokens']);
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(card('Shop sync')).queryByText('Expires in 2 days')).not.toBeInTheDocument());
    expect(store.calls).toEqual(['listApiTokens', `refreshApiToken ${FAKE_TOKEN} graceHours=0`, 'listApiTokens']);
    expect(await screen.findByText('Token “Shop sync” refreshed.')).toBeInTheDocument();
    expect(within(card('Shop sync')).queryByText(/Previous value/)).not.toBeInTheDocument();
  });

  it('keeps the old value for the chosen grace window, then the card counts it down with "End now"', async () => {
    const store = tokenStore([tokenFixture()]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    await user.click(within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Refresh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh “Shop sync”' });
    await user.click(within(dialog).getByRole('radio', { name: '24 hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card('Shop sync')).findByText('Previous value stops working in 24 h')).toBeInTheDocument();
    expect(within(card('Shop sync')).getByRole('button', { name: 'End now' })).toBeInTheDocument();
    expect(store.calls).toEqual(['listApiTokens', `refreshApiToken ${FAKE_TOKEN} graceHours=24`, 'listApiTokens']);
  });

  it('Cancel sends nothing', async () => {
    const store = tokenStore([tokenFixture()]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    await user.click(within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Refresh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh “Shop sync”' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.calls).toEqual(['listApiTokens']);
  });

  it('says that a running grace window ends, and offers no grace for an expired value', async () => {
    server.use(
      getCurrentUser(seller),
      listApiTokens([
        tokenFixture({ previousValueExpiresAt: daysFromNow(0.5) }),
        tokenFixture({ title: 'Expired one', token: fakeSellerToken('expired'), expiryDate: daysFromNow(-1) }),
      ]),
    );
    const { user } = renderApp('/settings');
    await user.click(within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Refresh' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refresh “Shop sync”' });
    expect(dialog).toHaveTextContent('the previous value from the last refresh stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card('Expired one')).getByRole('button', { name: 'Refresh' }));
    dialog = await screen.findByRole('dialog', { name: 'Refresh “Expired one”' });
    expect(dialog).toHaveTextContent('The current value has expired, so it cannot keep working.');
    expect(within(dialog).getByRole('radio', { name: '24 hours' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /Not at all/ })).toBeEnabled();
    expect(dialog).not.toHaveTextContent('A grace window is running');
  });

  it('logs a failed refresh and shows a snackbar', async () => {
    const errors = expectConsoleErrors();
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture()]),
      http.get('*/api/auth/token/refresh/:token', () => HttpResponse.error()),
    );
    const { user } = renderApp('/settings');
    await user.click(within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Refresh' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('The token could not be refreshed. Please try again.')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Refresh token failed'));
    // The log names the operation, never the token value that is in the URL.
    expect(errors.mock.calls.flat().join(' ')).not.toContain(FAKE_TOKEN.slice(0, 17));
  });
});

describe('deleteApiToken', () => {
  it('asks for confirmation first; Cancel keeps the token', async () => {
    const store = tokenStore([tokenFixture()]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const deleteButton = within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this token?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card('Shop sync')).toBeInTheDocument();
    expect(store.calls).toEqual(['listApiTokens']);
    await waitFor(() => expect(deleteButton).toHaveFocus());
  });

  it('deletes after confirmation and reloads the list', async () => {
    const store = tokenStore([tokenFixture(), tokenFixture({ title: 'Keep me', token: fakeSellerToken('keep') })]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    await user.click(within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Shop sync' })).not.toBeInTheDocument());
    expect(card('Keep me')).toBeInTheDocument();
    expect(store.calls).toEqual(['listApiTokens', `deleteApiToken ${FAKE_TOKEN}`, 'listApiTokens']);
  });

  it('moves focus to the card that took the deleted one’s place, then to the one before, then to Create New Token', async () => {
    const store = tokenStore([
      tokenFixture({ title: 'First', token: fakeSellerToken('first') }),
      tokenFixture({ title: 'Second', token: fakeSellerToken('second') }),
      tokenFixture({ title: 'Third', token: fakeSellerToken('third') }),
    ]);
    server.use(getCurrentUser(seller), ...store.handlers);
    const { user } = renderApp('/settings');
    const remove = async (title: string) => {
      await user.click(within(await screen.findByRole('article', { name: title })).getByRole('button', { name: 'Delete' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('article', { name: title })).not.toBeInTheDocument());
    };
    await remove('First');
    await waitFor(() => expect(card('Second')).toHaveFocus());
    await remove('Third');
    await waitFor(() => expect(card('Second')).toHaveFocus());
    await remove('Second');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create New Token' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('logs a failed delete and shows a snackbar', async () => {
    const errors = expectConsoleErrors();
    server.use(
      getCurrentUser(seller),
      listApiTokens([tokenFixture()]),
      http.delete('*/api/auth/token/:token', () => HttpResponse.json({ status: 404, message: 'Token not found.' }, { status: 404 })),
    );
    const { user } = renderApp('/settings');
    await user.click(within(await screen.findByRole('article', { name: 'Shop sync' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The token could not be deleted. Please try again.')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Delete token failed (HTTP 404)'));
  });
});
