// Turnover task e-mails (issue 30): to the person a task is assigned to when
// it is new to them, moved or cancelled; and to staff, the next day's tasks
// nobody has yet. Never a guest's name or contact details.
import { companyName } from '@sas/domain';
import { helloGreeting, List, Paragraph, TextLink, type EmailContent } from '../layout.js';

export interface TaskNoticeTask {
  kindName: string;
  home: { name: string; address: string | null };
  /** The window on the home's clock, e.g. "Saturday, January 9, 2027 at 10:00 AM MST". */
  from: string;
  until: string;
  sameDayTurnover: boolean;
}

export interface TaskNoticeData {
  event: 'new' | 'moved' | 'cancelled';
  firstName: string | null;
  task: TaskNoticeTask;
  /** The cleaner's page. */
  tasksUrl: string;
}

const subjects = { new: 'New task', moved: 'Task moved', cancelled: 'Task cancelled' } as const;

export function taskNotice({ event, firstName, task, tasksUrl }: TaskNoticeData): EmailContent {
  const where = `${task.kindName} at ${task.home.name}`;
  const lead = {
    new: `You have a new task: ${where}.`,
    moved: `Your task ${where} has a new time.`,
    cancelled: `Your task ${where} is cancelled: the stay it was for changed. Do not go.`,
  }[event];
  return {
    subject: `${subjects[event]}: ${where}, ${task.from}`,
    audience: 'company',
    body: (
      <>
        <Paragraph>{helloGreeting(firstName)}</Paragraph>
        <Paragraph>{lead}</Paragraph>
        <List
          items={[
            `Home: ${task.home.name}${task.home.address ? `, ${task.home.address}` : ''}`,
            `${event === 'cancelled' ? 'Was from' : 'From'}: ${task.from}`,
            `Until: ${task.until}`,
            ...(task.sameDayTurnover && event !== 'cancelled'
              ? ['Same-day turnover: the next guests arrive that day.']
              : []),
          ]}
        />
        <Paragraph>
          {'Your tasks: '}
          <TextLink href={tasksUrl}>{tasksUrl}</TextLink>
        </Paragraph>
      </>
    ),
  };
}

export interface UnassignedTasksData {
  day: string;
  tasks: { home: string; kindName: string; from: string; sameDayTurnover: boolean }[];
  boardUrl: string;
}

export function unassignedTasks({ day, tasks, boardUrl }: UnassignedTasksData): EmailContent {
  return {
    subject: `${tasks.length} unassigned task${tasks.length === 1 ? '' : 's'} for ${day}`,
    audience: 'company',
    body: (
      <>
        <Paragraph>{`These ${companyName} tasks for ${day} have nobody assigned yet:`}</Paragraph>
        <List
          items={tasks.map(
            (task) =>
              `${task.home}: ${task.kindName}, from ${task.from}${task.sameDayTurnover ? ' (same-day turnover)' : ''}`,
          )}
        />
        <Paragraph>
          {'Assign them on the board: '}
          <TextLink href={boardUrl}>{boardUrl}</TextLink>
        </Paragraph>
      </>
    ),
  };
}
