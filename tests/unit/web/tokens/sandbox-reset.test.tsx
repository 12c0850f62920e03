/** Settings' Sandbox section: resetSandbox asks first, says what happens, and says when it is done. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../support/msw-server';
import { getCurrentUser } from '../support/handlers';
import { seller } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { expectConsoleErrors } from '../support/console';
import { RESET_DONE } from '../../../../src/web/features/tokens/components/sandbox-section';

setupMsw();

function resetApi(status = 200) {
  const calls: string[] = [];
  server.use(
    getCurrentUser(seller),
    http.post('*/api/portal/sandbox/reset', () => {
      calls.push('resetSandbox');
      return status === 200
        ? HttpResponse.json({ resetDate: '2026-04-01T09:30:00Z' })
        : HttpResponse.json({ status, message: 'Something went wrong.' }, { status });
    }),
  );
  return calls;
}

async function openDialog() {
  const view = renderApp('/settings');
  const section = await screen.findByRole('region', { name: 'Sandbox' });
  await view.user.click(within(section).getByRole('button', { name: 'Reset sandbox' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset your sandbox?' });
  return { ...view, section, dialog };
}

describe('resetSandbox', () => {
  it('says what is replaced and what is not; Cancel (focused) sends nothing', async () => {
    const calls = resetApi();
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent('orders, returns, imports, quotations, products and inventory are replaced with a fresh set');
    expect(dialog).toHaveTextContent('live data (what live tokens reach) is not touched');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('resets after confirmation, closes the dialog and says so', async () => {
    const calls = resetApi();
    const { user, dialog, section } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Reset sandbox' }));
    expect(await screen.findByText(RESET_DONE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['resetSandbox']);
    expect(section).toHaveTextContent(/Last reset on .*2026/);
  });

  it('logs a failed reset and shows a snackbar', async () => {
    resetApi(500);
    const errors = expectConsoleErrors();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Reset sandbox' }));
    expect(await screen.findByText('The sandbox could not be reset. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(errors).toHaveBeenCalled());
  });
});
