import { type OwnerTaskSummary } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { TableRegion } from '../../shared/components/table-region';
import { useTaskSummary } from '../api/get-task-summary';

function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** An owner's view (issue 30): the cleanings done at their homes and the maintenance tickets still open. */
export function OwnerTaskWork() {
  const summary = useTaskSummary();
  return (
    <QueryState query={summary} loading="Loading your homes' work…">
      {(data: OwnerTaskSummary) => (
        <>
          <section aria-labelledby="owner-maintenance">
            <h2 id="owner-maintenance">Open maintenance tickets</h2>
            {data.maintenance.length === 0 ? (
              <p className="console-muted">None open.</p>
            ) : (
              <ul>
                {data.maintenance.map((ticket) => (
                  <li key={ticket.id}>
                    <strong>{ticket.home.name}</strong>: {ticket.note}{' '}
                    <span className="console-muted">(reported {formatInstant(ticket.reportedAt)})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="owner-cleanings">
            <h2 id="owner-cleanings">Completed cleanings</h2>
            {data.cleanings.length === 0 ? (
              <p className="console-muted">No completed cleanings yet.</p>
            ) : (
              <TableRegion label="Completed cleanings">
                <table className="console-table">
                  <thead>
                    <tr>
                      <th scope="col">Home</th>
                      <th scope="col">Task</th>
                      <th scope="col">Finished</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.cleanings.map((row) => (
                      <tr key={row.id}>
                        <th scope="row">{row.home}</th>
                        <td>{row.kindName}</td>
                        <td>{formatInstant(row.finishedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
          </section>
        </>
      )}
    </QueryState>
  );
}
