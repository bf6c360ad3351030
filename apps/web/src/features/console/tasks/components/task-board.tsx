// The staff's board of turnover tasks (issue 30): by day and home, the
// unassigned, late and same-day ones highlighted; a select per task assigns it
// by keyboard; printing gives the day sheet. Owners get their homes' work
// instead (OwnerTaskWork).
import { useId, useState } from 'react';
import {
  addDays,
  formatDateWithWeekday,
  formatTaskTime,
  localToday,
  taskDay,
  type AdminTask,
  type TaskAssignee,
} from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { QueryState } from '../../shared/components/query-state';
import { ScheduleControls } from '../../shared/components/schedule-controls';
import { TableRegion } from '../../shared/components/table-region';
import { useCloseProblem } from '../api/close-problem';
import { useAssignees } from '../api/get-assignees';
import { useOpenProblems } from '../api/get-open-problems';
import { useTasks } from '../api/get-tasks';
import { useUpdateTask } from '../api/update-task';
import { TaskKinds } from './task-kinds';
import './tasks.css';

const spans = [
  { days: 1, label: 'One day' },
  { days: 7, label: 'A week' },
  { days: 14, label: 'Two weeks' },
];

function byDay(tasks: AdminTask[]): [string, AdminTask[]][] {
  const days = new Map<string, AdminTask[]>();
  for (const task of tasks) {
    const day = taskDay(task.windowStart, task.home.timeZone);
    days.set(day, [...(days.get(day) ?? []), task]);
  }
  return [...days.entries()].map(([day, list]) => [
    day,
    [...list].sort((a, b) => a.home.name.localeCompare(b.home.name) || a.windowStart.localeCompare(b.windowStart)),
  ]);
}

function flagsOf(task: AdminTask): string[] {
  const flags: string[] = [];
  if (task.status === 'cancelled') return ['Cancelled'];
  if (!task.assigneeId) flags.push('Unassigned');
  if (task.late) flags.push('Late');
  if (task.sameDayTurnover) flags.push('Same-day');
  if (task.openProblems > 0) flags.push(`${task.openProblems} problem${task.openProblems === 1 ? '' : 's'}`);
  return flags;
}

function AssigneeSelect({ task, people }: { task: AdminTask; people: TaskAssignee[] }) {
  const update = useUpdateTask();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {`Assignee: ${task.kindName} at ${task.home.name}`}
      </label>
      <select
        id={id}
        value={task.assigneeId ?? ''}
        // Not disabled while saving: a disabled select drops the keyboard's focus.
        aria-busy={update.isPending}
        disabled={task.status === 'cancelled' || task.status === 'done'}
        onChange={(e) => {
          setError(null);
          update.mutate(
            { id: task.id, patch: { assigneeId: e.target.value === '' ? null : e.target.value } },
            { onError: (err) => setError(errorMessage(err)) },
          );
        }}
      >
        <option value="">Nobody yet</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
      <span className="task-print-only">{task.assigneeName ?? 'Nobody yet'}</span>
      {error && (
        <span role="alert" className="console-error">
          {error}
        </span>
      )}
    </>
  );
}

function ProblemList() {
  const problems = useOpenProblems();
  const close = useCloseProblem();
  return (
    <section aria-labelledby="task-problems" className="task-problems">
      <h2 id="task-problems">Open problems</h2>
      <QueryState query={problems} loading="Loading problems…">
        {(list) =>
          list.length === 0 ? (
            <p className="console-muted">No open problems.</p>
          ) : (
            <ul>
              {list.map((problem) => (
                <li key={problem.id}>
                  <strong>{problem.kind === 'damage' ? 'Damage' : 'Maintenance'}</strong> at {problem.home.name}
                  {problem.booking ? ` (${problem.booking})` : ''}: {problem.note}{' '}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={close.isPending}
                    onClick={() => close.mutate(problem.id)}
                  >
                    Close
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

/** The board: tasks by day and home, with assignees chosen from a select per task. */
export function TaskBoard() {
  const [from, setFrom] = useState(() => localToday());
  const [days, setDays] = useState(1);
  const tasks = useTasks(from, addDays(from, days - 1));
  const assignees = useAssignees();
  const people = assignees.data ?? [];

  return (
    <div className="task-board">
      <ScheduleControls
        className="task-board__controls"
        from={from}
        onFromChange={setFrom}
        days={days}
        onDaysChange={setDays}
        spans={spans}
        printLabel="Print day sheet"
      />
      <QueryState query={tasks} loading="Loading tasks…">
        {(list) =>
          list.length === 0 ? (
            <p className="console-muted">No tasks from {formatDateWithWeekday(from)}.</p>
          ) : (
            byDay(list).map(([day, dayTasks]) => (
              <TableRegion key={day} label={`Tasks on ${formatDateWithWeekday(day)}`}>
                <table className="console-table task-table">
                  <caption>{formatDateWithWeekday(day)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Home</th>
                      <th scope="col">Task</th>
                      <th scope="col">Window</th>
                      <th scope="col">Flags</th>
                      <th scope="col">Status</th>
                      <th scope="col">Assignee</th>
                    </tr>
                  </thead>
                  <tbody>
                    {dayTasks.map((task) => {
                      const flags = flagsOf(task);
                      const zone = task.home.timeZone;
                      return (
                        <tr
                          key={task.id}
                          className={[
                            'task-row',
                            !task.assigneeId && task.status !== 'cancelled' ? 'task-row--unassigned' : '',
                            task.late ? 'task-row--late' : '',
                            task.sameDayTurnover ? 'task-row--same-day' : '',
                            task.status === 'cancelled' ? 'task-row--cancelled' : '',
                          ]
                            .filter(Boolean)
                            .join(' ')}
                        >
                          <th scope="row">
                            {task.home.name}
                            <span className="console-muted"> · {task.propertyId}</span>
                          </th>
                          <td>
                            {task.kindName}
                            {task.booking && <span className="console-muted"> · {task.booking}</span>}
                          </td>
                          <td>
                            {formatTaskTime(task.windowStart, zone)} – {formatTaskTime(task.windowEnd, zone)}
                            {taskDay(task.windowEnd, zone) !== day && (
                              <span className="console-muted">
                                {' '}
                                ({formatDateWithWeekday(taskDay(task.windowEnd, zone))})
                              </span>
                            )}
                          </td>
                          <td>
                            {flags.map((flag) => (
                              <span key={flag} className={`task-flag task-flag--${flag.split(' ')[0]!.toLowerCase()}`}>
                                {flag}
                              </span>
                            ))}
                          </td>
                          <td>{task.status}</td>
                          <td>
                            <AssigneeSelect task={task} people={people} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableRegion>
            ))
          )
        }
      </QueryState>
      <ProblemList />
      <TaskKinds />
    </div>
  );
}
