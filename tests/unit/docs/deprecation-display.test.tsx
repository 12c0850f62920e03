/**
 * `deprecated: true` as a reader sees it: the operation's heading says since when, a deprecated field is
 * marked in its response, and the API tester warns before the call.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../src/web/app/providers';
import { createQueryClient } from '../../../src/web/lib/query-client';
import { DocumentationPage } from '../../../src/web/features/docs/components/documentation-page';
import { ApiTester } from '../../../src/web/features/api-tester/components/api-tester';
import { catalogue } from '../../../src/generated/catalogue';
import { operationMap } from '../../../src/web/lib/operation-map';
import type { ReferencePage } from '../../../src/shared/portal-data/reference-page';
import page from '../../../src/generated/reference/seller-warehouse.json';
import { server, setupMsw } from '../web/support/msw-server';
import { getCurrentUser } from '../web/support/handlers';
import { seller } from '../web/support/fixtures';

setupMsw();

function wrap(children: React.ReactNode, path = '/') {
  server.use(getCurrentUser(seller));
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </AppProviders>,
  );
}

describe('a deprecated operation and field', () => {
  it('shows "deprecated since" on the operation and marks the field', async () => {
    const deprecated = structuredClone(page) as ReferencePage;
    const list = deprecated.operations[0];
    if (!list) throw new Error('no operation');
    Object.assign(list, { deprecated: true, deprecatedSince: '2026-12-01' });
    const item = list.responses.find((response) => response.status === '200')?.body?.children?.find((field) => field.name === 'data')?.children?.[0];
    if (item) Object.assign(item, { deprecated: true });
    wrap(<DocumentationPage page={deprecated} origin="http://localhost" onSearch={() => undefined} />);
    const heading = await screen.findByRole('heading', { level: 2, name: new RegExp(list.summary) });
    expect(within(heading).getByText('deprecated since 2026-12-01')).toBeInTheDocument();
    expect(screen.getAllByText('deprecated since 2026-12-01')).toHaveLength(1);
    // The field's own mark, in its row.
    const row = document.getElementById(`${list.operationId}.200.data.${item?.name ?? ''}`);
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('deprecated', { exact: true })).toBeInTheDocument();
  });

  it('the API tester warns before calling a deprecated operation, and not for the others', () => {
    const operations = operationMap(
      catalogue.operations.map((op) => (op.operationId === 'listSellerWarehouses' ? { ...op, deprecatedSince: '2026-12-01' } : op)),
    );
    const view = wrap(<ApiTester operations={operations} userFamily="seller" tokens={[]} />, '/api-test?operation=listSellerWarehouses');
    expect(screen.getByRole('alert')).toHaveTextContent('This operation is deprecated since 2026-12-01');
    view.unmount();
    wrap(<ApiTester operations={operations} userFamily="seller" tokens={[]} />, '/api-test?operation=listSellerQuotations');
    expect(screen.queryByText(/This operation is deprecated/)).toBeNull();
  });
});
