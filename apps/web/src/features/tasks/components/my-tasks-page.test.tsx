import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyTask } from '@sas/domain';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

function signedInAs(role: 'cleaner' | 'guest') {
  localStorage.setItem('token', 'access-1');
  return { 'GET /api/check-session': () => json(createSessionUser({ role, isGuest: role === 'guest' })) };
}

const clean: MyTask = {
  id: 'task-1',
  kind: 'departure_clean',
  kindName: 'Departure clean',
  status: 'open',
  windowStart: '2031-02-07T17:00:00.000Z',
  windowEnd: '2031-02-07T23:00:00.000Z',
  sameDayTurnover: true,
  expectedMinutes: 180,
  home: {
    name: 'Bluebird Lodge',
    address: '12 Ridge Road, Breckenridge, CO',
    city: 'Breckenridge',
    timeZone: 'America/Denver',
    accessNotes: 'Lockbox 4321',
  },
  partySize: 4,
  nextArrival: '2031-02-07T23:00:00.000Z',
  checklist: [
    { item: 'Strip beds', requiresPhoto: false, done: false },
    { item: 'Clean kitchen', requiresPhoto: true, done: false },
  ],
  photos: [],
};

describe('the cleaner page', () => {
  it("shows the day's tasks with the home's access, and says why finishing was refused", async () => {
    const finishes: unknown[] = [];
    stubFetch({
      ...signedInAs('cleaner'),
      'GET /api/me/tasks': () => json([clean]),
      'POST /api/me/tasks/task-1/start': () => json({ ...clean, status: 'started' }),
      'POST /api/me/tasks/task-1/finish': ({ init }) => {
        finishes.push(JSON.parse(init?.body as string));
        return json({ message: 'Add a photo for: Clean kitchen.' }, { status: 422 });
      },
    });
    const view = renderApp('/tasks');
    expect(await screen.findByRole('heading', { level: 2, name: 'Fri, Feb 7' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { level: 3, name: 'Departure clean · Bluebird Lodge' }).closest('li')!;
    expect(card).toHaveTextContent('Departure clean · Bluebird Lodge');
    expect(card).toHaveTextContent('10:00 AM – 4:00 PM');
    expect(card).toHaveTextContent('Same-day turnover');
    expect(card).toHaveTextContent('Lockbox 4321');
    expect(card).toHaveTextContent('4 guests');

    await view.user.click(within(card).getByRole('button', { name: 'Open checklist' }));
    await view.user.click(screen.getByLabelText('Strip beds'));
    expect(screen.getByText('Add photo', { exact: false })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a photo for: Clean kitchen.');
    expect(finishes).toEqual([
      {
        checklist: [
          { item: 'Strip beds', done: true },
          { item: 'Clean kitchen', done: false },
        ],
      },
    ]);
  });

  it('reports damage with a photo', async () => {
    const reports: unknown[] = [];
    stubFetch({
      ...signedInAs('cleaner'),
      'GET /api/me/tasks': () => json([clean]),
      'POST /api/me/tasks/task-1/photos': () =>
        json([{ id: 'photo-1', url: '/media/u-1-1600.webp', thumbnailUrl: '/media/u-1-480.webp' }], { status: 201 }),
      'POST /api/me/tasks/task-1/problems': ({ init }) => {
        reports.push(JSON.parse(init?.body as string));
        return json({ id: 'problem-1' }, { status: 201 });
      },
    });
    const view = renderApp('/tasks');
    await view.user.click(await screen.findByRole('button', { name: 'Open checklist' }));
    await view.user.selectOptions(screen.getByLabelText('Problem'), 'damage');
    await view.user.type(screen.getByLabelText('What did you find?'), 'Cracked mirror in the hall');
    await view.user.upload(
      screen.getByLabelText('Photos of the problem'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'mirror.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('1 photo attached')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Report problem' }));
    expect(await screen.findByText('Reported. The office has it.')).toBeInTheDocument();
    expect(reports).toEqual([{ kind: 'damage', note: 'Cracked mirror in the hall', photoIds: ['photo-1'] }]);
  });

  it('is not for guests', async () => {
    stubFetch({ ...signedInAs('guest') });
    renderApp('/tasks');
    expect(await screen.findByText(/This page is for the people who clean/)).toBeInTheDocument();
  });
});
