/** The token chooser (API Test and the reference pages' picker) names a live token so; a sandbox token's title stays as it is. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setupMsw, server } from '../support/msw-server';
import { getCurrentUser, listApiTokens } from '../support/handlers';
import { fakeSellerToken, seller, tokenFixture } from '../support/fixtures';
import { renderApp } from '../support/render-app';

setupMsw();

const sandbox = tokenFixture({ title: 'Test data', token: fakeSellerToken('sandboxchoice') });
const live = tokenFixture({ title: 'Production', environment: 'live', token: fakeSellerToken('livechoice') });

describe('API Test: the token chooser', () => {
  it('marks the live token in the menu and in the field once chosen', async () => {
    server.use(getCurrentUser(seller), listApiTokens([sandbox, live]));
    const { user } = renderApp('/api-test?operation=listSellerProducts');
    const field = await screen.findByRole('combobox', { name: 'Your tokens' });
    await user.click(field);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.querySelector('.MuiListItemText-primary')?.textContent)).toEqual(['Test data', 'Production · Live']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Production · Live/ }));
    expect(field).toHaveTextContent('Production · Live');
  });
});
