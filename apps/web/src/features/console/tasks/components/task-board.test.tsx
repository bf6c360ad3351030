import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminTask, TaskAssignee } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shared/testing/console-session';

const task: AdminTask = {
  id: 'task-1',
  kind: 'departure_clean',
  propertyId: 'SAS-1001',
  booking: 'SAS-AB12CD',
  windowStart: '2031-02-07T17:00:00.000Z',
  windowEnd: '2031-02-07T23:00:00.000Z',
  sameDayTurnover: true,
  status: 'open',
  kindName: 'Departure clean',
  home: { id: 'uuid-1', name: 'Bluebird Lodge', timeZone: 'America/Denver' },
  expectedMinutes: 180,
  late: false,
  stayKind: 'reservation',
  partySize: 4,
  nextArrival: '2031-02-07T23:00:00.000Z',
  openProblems: 0,
};
const people: TaskAssignee[] = [{ id: 'cleaner-1', name: 'Cleo Clean', role: 'cleaner' }];

describe('the task board', () => {
  it('highlights an unassigned same-day task and assigns it with the keyboard', async () => {
    const patches: unknown[] = [];
    let assigned = false;
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/tasks': () =>
        json([assigned ? { ...task, assigneeId: 'cleaner-1', assigneeName: 'Cleo Clean' } : task]),
      'GET /api/admin/tasks/assignees': () => json(people),
      'GET /api/admin/tasks/problems': () => json([]),
      'GET /api/admin/properties': () => json([{ id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bluebird Lodge' }]),
      'PATCH /api/admin/tasks/task-1': ({ init }) => {
        patches.push(JSON.parse(init?.body as string));
        assigned = true;
        return json({ ...task, assigneeId: 'cleaner-1', assigneeName: 'Cleo Clean' });
      },
    });
    const view = renderApp('/admin/tasks');
    const row = (await screen.findByRole('rowheader', { name: /Bluebird Lodge/ })).closest('tr')!;
    expect(row).toHaveClass('task-row--unassigned', 'task-row--same-day');
    expect(row).toHaveTextContent('Unassigned');
    expect(row).toHaveTextContent('Same-day');

    const select = await screen.findByLabelText('Assignee: Departure clean at Bluebird Lodge');
    await screen.findByRole('option', { name: 'Cleo Clean' });
    select.focus();
    await view.user.keyboard('{ArrowDown}');
    await view.user.selectOptions(select, 'cleaner-1');
    expect(patches.at(-1)).toEqual({ assigneeId: 'cleaner-1' });
    await screen.findByText('Cleo Clean', { selector: '.task-print-only' });
  });

  it("sets a home's default cleaner for a kind of task", async () => {
    const patches: unknown[] = [];
    const kind = {
      id: 'kind-1',
      key: 'departure_clean',
      name: 'Departure clean',
      timing: 'departure',
      checklist: [{ item: 'Clean kitchen', requiresPhoto: true }],
      expectedMinutes: 180,
      defaultAssigneeId: null,
      active: true,
    };
    stubFetch({
      ...consoleSession('admin'),
      'GET /api/admin/tasks': () => json([]),
      'GET /api/admin/tasks/assignees': () => json(people),
      'GET /api/admin/tasks/problems': () => json([]),
      'GET /api/admin/properties': () => json([{ id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bluebird Lodge' }]),
      'GET /api/admin/tasks/kinds': () => json([kind]),
      'PATCH /api/admin/tasks/kinds/kind-1': ({ init }) => {
        patches.push(JSON.parse(init?.body as string));
        return json({ ...kind, defaultAssigneeId: 'cleaner-1' });
      },
    });
    const view = renderApp('/admin/tasks');
    await screen.findByRole('option', { name: 'Bluebird Lodge (SAS-1001)' });
    await view.user.selectOptions(screen.getByLabelText('Home'), 'SAS-1001');
    const select = await screen.findByLabelText('Default assignee: Departure clean');
    await screen.findAllByRole('option', { name: 'Cleo Clean' });
    await view.user.selectOptions(select, 'cleaner-1');
    expect(patches).toEqual([{ defaultAssigneeId: 'cleaner-1' }]);
    expect(screen.getByRole('table', { name: 'Kinds of task' })).toHaveTextContent('1 item (1 with a photo)');
  });
});
