// The cleaner's page (issue 30): phone first. Today's and upcoming tasks by
// day; a task opens its checklist, where items that need a photo take one
// from the camera; start, finish, and report a problem. No guest's name or
// contact details ever reach this page: the API does not send them.
import { useId, useState, type FormEvent } from 'react';
import { formatDayWithWeekday, formatTaskTime, taskDay, type MyTask, type TaskChecklistLine } from '@sas/domain';
import { Link } from '@/components/link';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useMyTasks } from '../api/get-my-tasks';
import { useFinishTask } from '../api/finish-task';
import { useReportProblem } from '../api/report-problem';
import { useStartTask } from '../api/start-task';
import { uploadTaskPhoto } from '../api/upload-task-photo';
import './tasks.css';

const workerRoles = new Set(['cleaner', 'staff', 'admin']);
const statusLabels: Record<MyTask['status'], string> = {
  open: 'To do',
  started: 'Started',
  done: 'Done',
  cancelled: 'Cancelled',
};

function messageOf(error: unknown): string {
  return isApiError(error) || error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function byDay(tasks: MyTask[]): [string, MyTask[]][] {
  const days = new Map<string, MyTask[]>();
  for (const task of tasks) {
    const day = taskDay(task.windowStart, task.home.timeZone);
    days.set(day, [...(days.get(day) ?? []), task]);
  }
  return [...days.entries()];
}

function Checklist({ task }: { task: MyTask }) {
  const [lines, setLines] = useState<TaskChecklistLine[]>(task.checklist);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartTask(task.id);
  const finish = useFinishTask(task.id);
  const closed = task.status === 'done' || task.status === 'cancelled';
  const baseId = useId();

  const update = (item: string, change: Partial<TaskChecklistLine>) =>
    setLines((current) => current.map((line) => (line.item === item ? { ...line, ...change } : line)));

  async function addPhoto(item: string, file: File | undefined) {
    if (!file) return;
    setError(null);
    setUploading(item);
    try {
      const [photo] = await uploadTaskPhoto(task.id, file);
      if (photo) update(item, { photoId: photo.id, done: true });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setUploading(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    finish.mutate(
      {
        checklist: lines.map(({ item, done, photoId }) => ({ item, done, ...(photoId ? { photoId } : {}) })),
      },
      { onError: (err) => setError(messageOf(err)) },
    );
  }

  return (
    <form className="task-checklist" onSubmit={submit} aria-label={`Checklist: ${task.kindName}`}>
      <ul>
        {lines.map((line, index) => {
          const id = `${baseId}-${index}`;
          return (
            <li key={line.item} className="task-checklist__item">
              <input
                id={id}
                type="checkbox"
                checked={line.done}
                disabled={closed}
                onChange={(e) => update(line.item, { done: e.target.checked })}
              />
              <label htmlFor={id}>
                {line.item}
                {line.requiresPhoto && <span className="task-badge">Photo needed</span>}
              </label>
              {line.requiresPhoto && !closed && (
                <label className="button button--secondary task-photo-button">
                  {line.photoId ? 'Replace photo' : 'Add photo'}
                  <span className="visually-hidden">{` for ${line.item}`}</span>
                  <input
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="visually-hidden"
                    disabled={uploading !== null}
                    onChange={(e) => void addPhoto(line.item, e.target.files?.[0])}
                  />
                </label>
              )}
              {line.photoId && <span className="task-photo-ok">Photo added</span>}
            </li>
          );
        })}
      </ul>
      {uploading && <p role="status">Uploading the photo…</p>}
      {error && (
        <p role="alert" className="task-error">
          {error}
        </p>
      )}
      {!closed && (
        <div className="task-actions">
          {task.status === 'open' && (
            <button
              type="button"
              className="button button--secondary"
              disabled={start.isPending}
              onClick={() => start.mutate(undefined, { onError: (err) => setError(messageOf(err)) })}
            >
              Start
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={finish.isPending || uploading !== null}>
            Finish
          </button>
        </div>
      )}
    </form>
  );
}

function ProblemForm({ task }: { task: MyTask }) {
  const report = useReportProblem(task.id);
  const [kind, setKind] = useState<'damage' | 'maintenance'>('maintenance');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const kindId = useId();
  const noteId = useId();
  const photoId = useId();

  async function addPhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError(null);
    setUploading(true);
    try {
      for (const file of [...files]) {
        const [photo] = await uploadTaskPhoto(task.id, file);
        if (photo) setPhotoIds((current) => [...current, photo.id]);
      }
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setUploading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (note.trim() === '') {
      setError('Say what the problem is.');
      return;
    }
    report.mutate(
      { kind, note: note.trim(), ...(photoIds.length > 0 ? { photoIds } : {}) },
      {
        onSuccess: () => {
          setSent(true);
          setNote('');
          setPhotoIds([]);
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  }

  return (
    <form className="task-problem" onSubmit={submit} aria-label={`Report a problem: ${task.kindName}`}>
      <div className="field">
        <label htmlFor={kindId}>Problem</label>
        <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value as 'damage' | 'maintenance')}>
          <option value="maintenance">Maintenance (something to fix)</option>
          <option value="damage">Damage (by the guests)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={noteId}>What did you find?</label>
        <textarea id={noteId} value={note} rows={3} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={photoId}>Photos of the problem</label>
        <input
          id={photoId}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading}
          onChange={(e) => void addPhotos(e.target.files)}
        />
        {photoIds.length > 0 && (
          <p role="status">{`${photoIds.length} photo${photoIds.length === 1 ? '' : 's'} attached`}</p>
        )}
        {uploading && <p role="status">Uploading…</p>}
      </div>
      {error && (
        <p role="alert" className="task-error">
          {error}
        </p>
      )}
      {sent && <p role="status">Reported. The office has it.</p>}
      <button type="submit" className="button button--secondary" disabled={report.isPending || uploading}>
        Report problem
      </button>
    </form>
  );
}

function TaskCard({ task }: { task: MyTask }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const zone = task.home.timeZone;
  return (
    <li className={`task-card task-card--${task.status}`}>
      <h3 className="task-card__title">
        {task.kindName} · {task.home.name}
      </h3>
      <p className="task-card__when">
        {formatTaskTime(task.windowStart, zone)} – {formatTaskTime(task.windowEnd, zone)}
        {task.sameDayTurnover && <span className="task-badge task-badge--urgent">Same-day turnover</span>}
        <span className="task-badge">{statusLabels[task.status]}</span>
      </p>
      <dl className="task-card__facts">
        {task.home.address && (
          <>
            <dt>Address</dt>
            <dd>{task.home.address}</dd>
          </>
        )}
        {task.home.accessNotes && (
          <>
            <dt>Access</dt>
            <dd>{task.home.accessNotes}</dd>
          </>
        )}
        {task.partySize !== null && (
          <>
            <dt>Party</dt>
            <dd>{task.partySize} guests</dd>
          </>
        )}
        {task.nextArrival && (
          <>
            <dt>Next arrival</dt>
            <dd>
              {formatDayWithWeekday(taskDay(task.nextArrival, zone))}, {formatTaskTime(task.nextArrival, zone)}
            </dd>
          </>
        )}
        <dt>Expected</dt>
        <dd>{task.expectedMinutes} min</dd>
      </dl>
      <button
        type="button"
        className="button button--secondary task-card__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close checklist' : 'Open checklist'}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <>
            <Checklist task={task} />
            <ProblemForm task={task} />
          </>
        )}
      </div>
    </li>
  );
}

/** /tasks: the signed-in cleaner's tasks. */
export function MyTasksPage() {
  const { user } = useSession();
  const allowed = user !== null && workerRoles.has(user.role);
  const tasks = useMyTasks(allowed);
  return (
    <div className="page-container my-tasks">
      <h1>My tasks</h1>
      {user === null ? (
        <p>
          <Link to="/login?redirectTo=%2Ftasks">Sign in</Link> to see your tasks.
        </p>
      ) : !allowed ? (
        <p>This page is for the people who clean and look after our homes.</p>
      ) : tasks.isPending ? (
        <p role="status">Loading your tasks…</p>
      ) : tasks.isError ? (
        <p role="alert" className="task-error">
          {messageOf(tasks.error)}
        </p>
      ) : tasks.data.length === 0 ? (
        <p>No tasks for now.</p>
      ) : (
        byDay(tasks.data).map(([day, list]) => (
          <section key={day} aria-labelledby={`tasks-${day}`}>
            <h2 id={`tasks-${day}`}>{formatDayWithWeekday(day)}</h2>
            <ul className="task-list">
              {list.map((task) => (
                <TaskCard key={task.id} task={task} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
