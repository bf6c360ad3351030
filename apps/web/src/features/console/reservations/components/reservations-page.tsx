import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import {
  formatDateRange,
  formatDollars,
  isIsoDate,
  pluralize,
  reservationStatuses,
  type AdminReservationListItem,
  type AdminReservationQuery,
} from '@sas/domain';
import { ShowMore, useShownRows } from '../../shared/components/show-more';
import { TableRegion } from '../../shared/components/table-region';
import { useHomeOptions } from '../../shared/api/get-home-options';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage } from '../../shared/format';
import { useConsoleUser } from '../../shared/hooks';
import { exportReservationsCsv } from '../api/export-reservations';
import { useReservations } from '../api/list-reservations';
import './reservations.css';

const statusLabels = { confirmed: 'Confirmed', cancelled: 'Cancelled' } as const;

/** The list's filters as the URL holds them; anything malformed is left out rather than sent. */
function queryFrom(params: URLSearchParams): AdminReservationQuery {
  const query: AdminReservationQuery = {};
  const home = params.get('home');
  if (home) query.propertyId = home;
  const from = params.get('from');
  if (from && isIsoDate(from)) query.from = from;
  const to = params.get('to');
  if (to && isIsoDate(to) && (!query.from || to > query.from)) query.to = to;
  const status = reservationStatuses.find((s) => s === params.get('status'));
  if (status) query.status = status;
  const q = params.get('q')?.trim();
  if (q) query.q = q.slice(0, 100);
  return query;
}

function ReservationTable({ rows: all, showEmail }: { rows: AdminReservationListItem[]; showEmail: boolean }) {
  const { shown: rows, ...more } = useShownRows(all, 50);
  if (all.length === 0) return <p className="console-muted">No reservations match these filters.</p>;
  return (
    <>
      <TableRegion label="Reservations">
        <table className="console-table">
          <caption className="visually-hidden">Reservations</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Home</th>
              <th scope="col">Stay</th>
              <th scope="col">Guest</th>
              {showEmail && <th scope="col">E-mail</th>}
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code}>
                <th scope="row">
                  <Link to={`/admin/reservations/${encodeURIComponent(row.code)}`}>{row.code}</Link>
                </th>
                <td>{row.propertyName}</td>
                <td>
                  {formatDateRange(row.checkIn, row.checkOut)}
                  <span className="console-muted"> ({row.nights} nights)</span>
                </td>
                <td>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</td>
                {showEmail && <td>{row.email}</td>}
                <td>
                  <span className={`status-tag status-tag--${row.status}`}>{statusLabels[row.status]}</span>
                </td>
                <td className="num">{formatDollars(row.totalAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <ShowMore shown={rows.length} noun="reservation" {...more} />
    </>
  );
}

/**
 * Reservations with filters and a search. Every filter lives in the URL, so
 * a filtered list can be linked to, reloaded and come back to with Back.
 */
export function ReservationsPage() {
  const user = useConsoleUser();
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const reservations = useReservations(query);
  const homes = useHomeOptions();
  const [search, setSearch] = useState(query.q ?? '');
  const [exporting, setExporting] = useState<'idle' | 'pending' | { error: string }>('idle');
  const isOwner = user.role === 'owner';

  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ q: search.trim() });
  }

  async function exportCsv() {
    setExporting('pending');
    try {
      await exportReservationsCsv(query);
      setExporting('idle');
    } catch (error) {
      setExporting({ error: errorMessage(error) });
    }
  }

  return (
    <>
      <h1>Reservations</h1>
      <form className="console-toolbar" role="search" aria-label="Reservations" onSubmit={submitSearch}>
        <label className="console-field">
          <span>Home</span>
          <select value={query.propertyId ?? ''} onChange={(event) => update({ home: event.target.value })}>
            <option value="">All homes</option>
            {homes.data?.map((home) => (
              <option key={home.id} value={home.propertyId}>
                {home.name} ({home.propertyId})
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>Staying from</span>
          <input type="date" value={query.from ?? ''} onChange={(event) => update({ from: event.target.value })} />
        </label>
        <label className="console-field">
          <span>Staying until</span>
          <input type="date" value={query.to ?? ''} onChange={(event) => update({ to: event.target.value })} />
        </label>
        <label className="console-field">
          <span>Status</span>
          <select value={query.status ?? ''} onChange={(event) => update({ status: event.target.value })}>
            <option value="">Any</option>
            {reservationStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{isOwner ? 'Code or name' : 'Code, name or e-mail'}</span>
          <input type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary button--small">
          Search
        </button>
        {params.size > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setSearch('');
              setParams(new URLSearchParams());
            }}
          >
            Clear filters
          </button>
        )}
      </form>
      <div className="console-button-row reservations__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void exportCsv()}
          disabled={exporting === 'pending'}
        >
          {exporting === 'pending' ? 'Preparing CSV…' : 'Export CSV'}
        </button>
        {reservations.data && (
          <p className="console-muted" role="status">
            {pluralize(reservations.data.length, 'reservation')}
          </p>
        )}
      </div>
      {typeof exporting === 'object' && (
        <p role="alert" className="console-error">
          The export failed: {exporting.error}
        </p>
      )}
      <QueryState query={reservations} loading="Loading reservations…">
        {(rows) => <ReservationTable key={params.toString()} rows={rows} showEmail={!isOwner} />}
      </QueryState>
    </>
  );
}
