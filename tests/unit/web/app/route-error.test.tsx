/** A screen that throws: the boundary says so and offers a reload, and the next URL clears it. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from '../../../../src/web/app/route-error';
import { expectConsoleErrors } from '../support/console';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('RouteErrorBoundary', () => {
  it('shows the error with a Reload button, and moving to another URL shows that screen again', async () => {
    const consoleErrors = expectConsoleErrors();
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>A working screen</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText('This page could not be shown')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(consoleErrors).toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('A working screen')).toBeInTheDocument();
    expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument();
  });
});
