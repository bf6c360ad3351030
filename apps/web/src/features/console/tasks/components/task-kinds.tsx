// A home's kinds of task (issue 30): who gets each by default, switching one
// off, and adding a kind. Changes plan the home's tasks at once (server side).
import { useId, useState, type FormEvent } from 'react';
import type { TaskAssignee, TaskKind } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { QueryState } from '../../shared/components/query-state';
import { TableRegion } from '../../shared/components/table-region';
import { useCreateTaskKind } from '../api/create-task-kind';
import { useAssignees } from '../api/get-assignees';
import { useHomeChoices } from '../api/get-home-choices';
import { useTaskKinds } from '../api/get-task-kinds';
import { useUpdateTaskKind } from '../api/update-task-kind';

function KindRow({ kind, people }: { kind: TaskKind; people: TaskAssignee[] }) {
  const update = useUpdateTaskKind();
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const activeId = useId();
  const save = (patch: Parameters<typeof update.mutate>[0]['patch']) => {
    setError(null);
    update.mutate({ id: kind.id, patch }, { onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <tr>
      <th scope="row">{kind.name}</th>
      <td>{kind.timing === 'departure' ? 'After departure' : 'Before arrival'}</td>
      <td>{kind.expectedMinutes} min</td>
      <td>
        {`${kind.checklist.length} item${kind.checklist.length === 1 ? '' : 's'}`} (
        {kind.checklist.filter((item) => item.requiresPhoto).length} with a photo)
      </td>
      <td>
        <label htmlFor={selectId} className="visually-hidden">
          {`Default assignee: ${kind.name}`}
        </label>
        <select
          id={selectId}
          value={kind.defaultAssigneeId ?? ''}
          aria-busy={update.isPending}
          onChange={(e) => save({ defaultAssigneeId: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">Nobody (staff assign)</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
        {error && (
          <span role="alert" className="console-error">
            {error}
          </span>
        )}
      </td>
      <td>
        <input
          id={activeId}
          type="checkbox"
          checked={kind.active}
          onChange={(e) => save({ active: e.target.checked })}
        />
        <label htmlFor={activeId}>
          <span className="visually-hidden">{`${kind.name} `}</span>planned
        </label>
      </td>
    </tr>
  );
}

function AddKind({ propertyId }: { propertyId: string }) {
  const create = useCreateTaskKind();
  const nameId = useId();
  const timingId = useId();
  const minutesId = useId();
  const [name, setName] = useState('');
  const [timing, setTiming] = useState<'departure' | 'arrival'>('departure');
  const [minutes, setMinutes] = useState('30');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const expectedMinutes = Number(minutes);
    if (name.trim() === '' || !Number.isInteger(expectedMinutes) || expectedMinutes < 1) {
      setError('Give the kind a name and its expected minutes.');
      return;
    }
    create.mutate(
      { propertyId, name: name.trim(), timing, checklist: [], expectedMinutes },
      { onSuccess: () => setName(''), onError: (err) => setError(errorMessage(err)) },
    );
  }

  return (
    <form className="task-kind-form" onSubmit={submit} aria-label="Add a kind of task">
      <div className="field">
        <label htmlFor={nameId}>New kind</label>
        <input id={nameId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={timingId}>When</label>
        <select id={timingId} value={timing} onChange={(e) => setTiming(e.target.value as 'departure' | 'arrival')}>
          <option value="departure">After departure</option>
          <option value="arrival">Before arrival</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={minutesId}>Minutes</label>
        <input
          id={minutesId}
          type="number"
          min={1}
          max={1440}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--secondary" disabled={create.isPending}>
        Add kind
      </button>
      {error && (
        <p role="alert" className="console-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** The kinds of task of one home, chosen from a list. */
export function TaskKinds() {
  const homeId = useId();
  const homes = useHomeChoices();
  const [propertyId, setPropertyId] = useState('');
  const kinds = useTaskKinds(propertyId);
  const people = useAssignees().data ?? [];
  return (
    <section aria-labelledby="task-kinds" className="task-kinds">
      <h2 id="task-kinds">Kinds of task</h2>
      <div className="field">
        <label htmlFor={homeId}>Home</label>
        <select id={homeId} value={propertyId} onChange={(e) => setPropertyId(e.target.value)}>
          <option value="">Choose a home</option>
          {(homes.data ?? []).map((home) => (
            <option key={home.id} value={home.propertyId}>
              {home.name} ({home.propertyId})
            </option>
          ))}
        </select>
      </div>
      {propertyId !== '' && (
        <QueryState query={kinds} loading="Loading the kinds of task…">
          {(list) => (
            <>
              <TableRegion label="Kinds of task">
                <table className="console-table">
                  <caption className="visually-hidden">Kinds of task</caption>
                  <thead>
                    <tr>
                      <th scope="col">Kind</th>
                      <th scope="col">When</th>
                      <th scope="col">Expected</th>
                      <th scope="col">Checklist</th>
                      <th scope="col">Default assignee</th>
                      <th scope="col">Planned</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((kind) => (
                      <KindRow key={kind.id} kind={kind} people={people} />
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <AddKind propertyId={propertyId} />
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
