import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminInquiry } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { InquiriesTable } from './inquiries-table';

function inquiry(overrides: Partial<AdminInquiry>): AdminInquiry {
  return {
    id: '7f1c2a9e-4b7d-4c1e-9a3f-2d5b8e6c1a00',
    name: 'Dana Owner',
    email: 'dana@example.com',
    phone: '(970) 555-0199',
    propertyLocation: 'Breckenridge, CO',
    bedrooms: 3,
    message: 'Condo near the gondola.',
    status: 'new',
    notes: '',
    createdAt: '2031-01-04T15:30:00.000Z',
    ...overrides,
  };
}

const dana = inquiry({});
const lee = inquiry({ id: '7f1c2a9e-4b7d-4c1e-9a3f-2d5b8e6c1a01', name: 'Lee Harbor', status: 'contacted' });

describe('owner inquiries in the console', () => {
  it("saves one row's status and notes, and only what changed", async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/inquiries': () => json([dana, lee]),
      [`PATCH /api/admin/inquiries/${dana.id}`]: ({ init }) =>
        json({ ...dana, ...(JSON.parse(init?.body as string) as Partial<AdminInquiry>) }),
    });
    const { user } = renderSection(<InquiriesTable />);

    const table = await screen.findByRole('table', { name: 'Owner inquiries, newest first' });
    const row = within(table).getByRole('row', { name: /Dana Owner/ });
    const save = within(row).getByRole('button', { name: "Save Dana Owner's inquiry" });
    expect(save).toBeDisabled();

    await user.selectOptions(within(row).getByLabelText("Status of Dana Owner's inquiry"), 'contacted');
    await user.type(within(row).getByLabelText("Notes on Dana Owner's inquiry"), 'Called, sending a projection.');
    await user.click(save);

    expect(await within(row).findByText('Saved.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patch?.[1]?.body as string)).toEqual({
      status: 'contacted',
      notes: 'Called, sending a projection.',
    });
    expect(save).toBeDisabled();
  });

  it("shows the server's refusal in the row", async () => {
    stubFetch({
      'GET /api/admin/inquiries': () => json([dana]),
      [`PATCH /api/admin/inquiries/${dana.id}`]: () =>
        json({ message: 'notes must be at most 10000 characters long' }, { status: 400 }),
    });
    const { user } = renderSection(<InquiriesTable />);
    await user.type(await screen.findByLabelText("Notes on Dana Owner's inquiry"), 'x');
    await user.click(screen.getByRole('button', { name: "Save Dana Owner's inquiry" }));
    expect(await screen.findByText('Not saved: notes must be at most 10000 characters long')).toBeInTheDocument();
  });

  it('asks the server for one status at a time', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/inquiries': ({ url }) => json(url.searchParams.get('status') === 'closed' ? [] : [dana, lee]),
    });
    const { user } = renderSection(<InquiriesTable />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Show'), 'closed');

    expect(await screen.findByText('No inquiries here.')).toBeInTheDocument();
    expect(requestedUrls(fetchMock).at(-1)?.searchParams.get('status')).toBe('closed');
  });
});
