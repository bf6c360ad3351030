import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// The page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const token = 'abc.def';
const stay = { propertyName: 'Bear Den Lodge', checkIn: '2031-01-10', checkOut: '2031-01-14', firstName: 'Ada' };

describe('/review', () => {
  it('writes a review of the stay the link is for, every question answered by keyboard-usable radios', async () => {
    const fetchMock = stubFetch({
      [`GET /api/reviews/request/${token}`]: () => json(stay),
      'POST /api/reviews': () => json({ id: 'guest-1', status: 'pending' }, { status: 201 }),
    });
    const { user } = renderApp(`/review?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'How was your stay at Bear Den Lodge?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText('Please choose a rating for each question.')).toBeInTheDocument();

    for (const [group, stars] of [
      ['Overall', '4'],
      ['Cleanliness', '5'],
      ['Accuracy of the listing', '4'],
      ['Communication', '5'],
      ['Location', '5'],
      ['Value', '3'],
    ] as const) {
      const fieldset = screen.getByRole('group', { name: group });
      const radio = fieldset.querySelector<HTMLInputElement>(`input[value="${stars}"]`);
      if (!radio) throw new Error(`no ${stars} in ${group}`);
      await user.click(radio);
    }
    await user.type(screen.getByLabelText('Your review'), 'A warm cabin with a view of the peaks.');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your review' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      token,
      rating: 4,
      ratings: { cleanliness: 5, accuracy: 4, communication: 5, location: 5, value: 3 },
      text: 'A warm cabin with a view of the peaks.',
    });
  });

  it('says when the link has expired', async () => {
    stubFetch({
      [`GET /api/reviews/request/${token}`]: () =>
        json({ message: 'Reviews can be written until 60 days after checkout' }, { status: 410 }),
    });
    renderApp(`/review?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'This review link has expired' })).toBeInTheDocument();
  });
});
