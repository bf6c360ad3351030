import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminGoogle } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { GooglePage } from './google-page';

const overview: AdminGoogle = {
  listingsFeedUrl: 'https://summitandshore.example/feeds/google/listings.xml?token=old',
  homes: [
    { propertyId: 'SAS-1001', eligible: true, lastPushAt: '2026-11-20T10:00:00.000Z', pending: 0 },
    {
      propertyId: 'SAS-1002',
      eligible: false,
      reason: 'No photo of a bathroom',
      pending: 3,
      failure: 'avail: HTTP 503',
      retryAt: '2026-11-20T10:05:00.000Z',
    },
  ],
  twin: {
    checkedAt: '2026-11-20T03:00:00.000Z',
    itineraries: 9240,
    mismatches: 1,
    examples: [
      {
        propertyId: 'SAS-1001',
        checkIn: '2027-01-15',
        checkOut: '2027-01-18',
        ariTotal: 912.3,
        siteTotal: 901.3,
        reason: 'price differs',
      },
    ],
  },
  pushing: true,
};

describe('the console Google page', () => {
  it("shows the feed URL, each home's eligibility, queue and failure, the twin's last run, and rotates the token", async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/google': () => json(overview),
      'POST /api/admin/google/token': () =>
        json({ listingsFeedUrl: 'https://summitandshore.example/feeds/google/listings.xml?token=new' }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderSection(<GooglePage />);

    expect(await screen.findByTestId('feed-url')).toHaveTextContent('token=old');
    expect(screen.getByText(/1 of 2 homes are in the feed\. 3 changes wait to be sent\./)).toBeInTheDocument();
    const homes = screen.getByRole('table', { name: 'Homes on Google' });
    const second = within(homes).getByRole('row', { name: /SAS-1002/ });
    expect(second).toHaveTextContent('No: No photo of a bathroom');
    expect(second).toHaveTextContent('Failed: avail: HTTP 503');
    expect(screen.getByTestId('twin-result')).toHaveTextContent('9240 stays compared, 1 where');
    const mismatch = within(screen.getByRole('table', { name: 'Stays whose prices disagree' })).getByRole('row', {
      name: /SAS-1001/,
    });
    expect(mismatch).toHaveTextContent('$912.30');
    expect(mismatch).toHaveTextContent('price differs');

    await user.click(screen.getByRole('button', { name: 'New token' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new token is in force');
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toContain('/api/admin/google/token');
  });
});
