import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminReview } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { BlocklistEditor } from './blocklist-editor';
import { ReviewsModeration } from './reviews-moderation';

function review(overrides: Partial<AdminReview>): AdminReview {
  return {
    id: 'rev-1',
    propertyId: '3f0c6f7e-8a4b-4c1d-9e2f-5a6b7c8d9e01',
    propertyListingId: 'SAS-1006',
    propertyName: 'Bear Den Lodge',
    guestName: 'Jordan Lee',
    platform: 'Airbnb',
    rating: 5,
    reviewText: 'Wonderful stay.',
    reviewedAtDate: '2030-02-10',
    hidden: false,
    hiddenReason: null,
    source: 'imported',
    status: 'published',
    reply: null,
    stayedOn: null,
    ratings: null,
    ...overrides,
  };
}

describe('review moderation', () => {
  it("lists each home's reviews and hides one", async () => {
    const shown = review({});
    const other = review({
      id: 'rev-2',
      propertyId: '3f0c6f7e-8a4b-4c1d-9e2f-5a6b7c8d9e02',
      propertyName: 'Lakeside Cabin',
      guestName: 'Sam Rivers',
    });
    const fetchMock = stubFetch({
      'GET /api/admin/reviews': () => json([shown, other]),
      'PATCH /api/admin/reviews/rev-1': () => json({ ...shown, hidden: true, hiddenReason: 'hidden' }),
    });
    const { user } = renderSection(<ReviewsModeration />);

    const bear = await screen.findByRole('region', { name: /Bear Den Lodge/ });
    expect(screen.getByRole('region', { name: /Lakeside Cabin/ })).toBeInTheDocument();
    expect(within(bear).getByText('Shown on the site')).toBeInTheDocument();

    await user.click(within(bear).getByRole('button', { name: 'Hide the review by Jordan Lee' }));
    expect(await within(bear).findByText('Hidden by staff')).toBeInTheDocument();
    expect(within(bear).getByRole('button', { name: 'Show the review by Jordan Lee' })).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patch?.[1]?.body as string)).toEqual({ hidden: true });

    await user.selectOptions(screen.getByLabelText('Home'), 'Lakeside Cabin');
    expect(screen.queryByRole('region', { name: /Bear Den Lodge/ })).not.toBeInTheDocument();
  });

  it('publishes a pending guest review and saves a public reply (issue 28)', async () => {
    const pending = review({
      id: 'guest-1',
      guestName: 'Ada L.',
      platform: 'Summit & Shore',
      source: 'guest',
      status: 'pending',
      hidden: true,
      hiddenReason: 'hidden',
      stayedOn: '2030-01-05',
    });
    const fetchMock = stubFetch({
      'GET /api/admin/reviews': () => json([pending]),
      'PATCH /api/admin/reviews/guest-1': ({ init }) => {
        const body = JSON.parse(init?.body as string) as { status?: string; reply?: string };
        return json({
          ...pending,
          ...(body.status === 'published' ? { status: 'published', hidden: false, hiddenReason: null } : {}),
          ...(body.reply === undefined ? {} : { reply: body.reply }),
        });
      },
    });
    const { user } = renderSection(<ReviewsModeration />);
    await user.click(await screen.findByRole('button', { name: 'Publish the review by Ada L.' }));
    expect(await screen.findByText('Shown on the site')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish the review by Ada L.' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Public reply to Ada L.'), 'Thank you, Ada!');
    await user.click(screen.getByRole('button', { name: 'Save reply to Ada L.' }));
    await waitFor(() => {
      const bodies = fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'PATCH')
        .map(([, init]) => JSON.parse(init?.body as string) as unknown);
      expect(bodies).toEqual([{ status: 'published' }, { reply: 'Thank you, Ada!' }]);
    });
  });

  it("shows a home's reviews ten at a time", async () => {
    const many = Array.from({ length: 13 }, (_, i) => review({ id: `rev-${i}`, guestName: `Guest ${i}` }));
    stubFetch({ 'GET /api/admin/reviews': () => json(many) });
    const { user } = renderSection(<ReviewsModeration />);

    const bear = await screen.findByRole('region', { name: /Bear Den Lodge \(13 reviews, 0 hidden\)/ });
    expect(within(bear).getAllByRole('listitem')).toHaveLength(10);
    expect(within(bear).getByText('Showing 10 of 13 reviews')).toBeInTheDocument();
    await user.click(within(bear).getByRole('button', { name: 'Show 3 more' }));
    expect(within(bear).getAllByRole('listitem')).toHaveLength(13);
    expect(within(bear).getByRole('button', { name: 'Hide the review by Guest 12' })).toBeInTheDocument();
  });

  it('says when a review is hidden by the blocklist rather than by staff', async () => {
    stubFetch({ 'GET /api/admin/reviews': () => json([review({ hiddenReason: 'blocklist' })]) });
    renderSection(<ReviewsModeration />);
    expect(await screen.findByText(/Hidden: matches the blocklist/)).toBeInTheDocument();
  });
});

describe('the review blocklist', () => {
  it('adds and removes terms, then saves them together', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/review-blocklist': () => json({ terms: ['rev-7', 'Spammy McSpam'] }),
      'PUT /api/admin/review-blocklist': ({ init }) => json(JSON.parse(init?.body as string)),
    });
    const { user } = renderSection(<BlocklistEditor />);

    const save = await screen.findByRole('button', { name: 'Save blocklist' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove rev-7' }));
    await user.type(screen.getByLabelText('New term'), 'wasp nest{Enter}');
    expect(within(screen.getByRole('list', { name: 'Blocked terms' })).getAllByRole('listitem')).toHaveLength(2);
    await user.click(save);

    expect(await screen.findByText('Blocklist saved. The public pages apply it now.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ terms: ['Spammy McSpam', 'wasp nest'] });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it("shows the server's refusal", async () => {
    stubFetch({
      'GET /api/admin/review-blocklist': () => json({ terms: [] }),
      'PUT /api/admin/review-blocklist': () =>
        json({ message: 'a term must be at most 100 characters long' }, { status: 400 }),
    });
    const { user } = renderSection(<BlocklistEditor />);
    await user.type(await screen.findByLabelText('New term'), 'spam{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save blocklist' }));
    expect(
      await screen.findByText('Blocklist not saved: a term must be at most 100 characters long'),
    ).toBeInTheDocument();
  });
});
