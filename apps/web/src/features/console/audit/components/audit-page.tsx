import { Fragment, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntryView } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage, formatTimestamp } from '../../shared/format';
import { useAuditLog } from '../api/list-audit';
import { changedFields } from '../diff';
import './audit.css';

function Changes({ entry }: { entry: AuditEntryView }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <p className="console-muted">No field changed.</p>;
  return (
    <table className="console-table audit__diff">
      <caption className="visually-hidden">
        Changes of {entry.action} on {entry.entity} {entry.entityId}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{change.field}</th>
            <td>
              <del>
                <span className="visually-hidden">Before: </span>
                {change.before}
              </del>
            </td>
            <td>
              <ins>
                <span className="visually-hidden">After: </span>
                {change.after}
              </ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (entries.length === 0) return <p className="console-muted">Nothing has been changed through the console yet.</p>;
  return (
    <TableRegion label="Audit log">
      <table className="console-table">
        <caption className="visually-hidden">Audit log, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Record</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const expanded = open.has(entry.id);
            const detailId = `audit-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <tr>
                  <td>
                    <time dateTime={entry.at}>{formatTimestamp(entry.at)}</time>
                  </td>
                  <td>{entry.actorEmail}</td>
                  <td>{entry.action}</td>
                  <td>
                    {entry.entity} <code>{entry.entityId}</code>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      onClick={() => toggle(entry.id)}
                    >
                      {expanded ? 'Hide' : 'Show'}{' '}
                      <span className="visually-hidden">
                        changes of {entry.action} at {formatTimestamp(entry.at)}
                      </span>
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailId}>
                    <td colSpan={5}>
                      <Changes entry={entry} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Who changed what and when through the console, with each record before and after (admins only). */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity')?.trim() ?? '';
  const [filter, setFilter] = useState(entity);
  const log = useAuditLog(entity);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = filter.trim();
    setParams(value === '' ? {} : { entity: value });
  }

  return (
    <>
      <h1>Audit log</h1>
      <form className="console-toolbar" onSubmit={submit}>
        <label className="console-field">
          <span>Kind of record</span>
          <input
            value={filter}
            maxLength={100}
            placeholder="property"
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary button--small">
          Filter
        </button>
      </form>
      <QueryState query={log} loading="Loading the audit log…">
        {(data) => (
          <>
            <AuditTable entries={data.pages.flat()} />
            {log.isFetchNextPageError && (
              <p role="alert" className="console-error">
                {errorMessage(log.error)}
              </p>
            )}
            {log.hasNextPage && (
              <p>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Older entries'}
                </button>
              </p>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
