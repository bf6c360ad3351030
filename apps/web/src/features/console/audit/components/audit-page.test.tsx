import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditPageDefault, type AuditEntryView } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shared/testing/console-session';

function entry(index: number, overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    at: '2031-01-10T12:00:00Z',
    actorId: 'u1',
    actorEmail: 'staff@example.com',
    action: 'rates.update',
    entity: 'property',
    entityId: 'SAS-1001',
    before: { baseNightly: 300, minStay: 2 },
    after: { baseNightly: 325, minStay: 2 },
    ...overrides,
  };
}

describe('the audit log', () => {
  it('lists who changed what, with the fields before and after on demand, and pages to older entries', async () => {
    const firstPage = Array.from({ length: auditPageDefault }, (_, i) => entry(i + 1));
    const older = [
      entry(999, { action: 'block.create', entity: 'stay', before: null, after: { reason: 'Maintenance' } }),
    ];
    stubFetch({
      ...consoleSession('admin'),
      'GET /api/admin/audit': ({ url }) => json(url.searchParams.has('before') ? older : firstPage),
    });
    const view = renderApp('/admin/audit');

    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    const [show] = within(table).getAllByRole('button', { name: /^Show changes of rates.update/ });
    await view.user.click(show!);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByRole('table', { name: 'Changes of rates.update on property SAS-1001' });
    expect(within(diff).getAllByRole('row')).toHaveLength(2);
    expect(within(diff).getByRole('row', { name: /baseNightly/ })).toHaveTextContent('Before: 300After: 325');

    await view.user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await within(table).findByText('block.create')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
  });

  it('is for admins only: staff are told so and nothing is asked of the server', async () => {
    const fetchMock = stubFetch({ ...consoleSession('staff') });
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'You do not have access to the audit log' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).not.toContain('/api/admin/audit');
  });
});
