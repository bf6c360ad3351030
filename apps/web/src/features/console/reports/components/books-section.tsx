import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatDollars, isIsoDate } from '@sas/domain';
import { downloadFile } from '../../shared/api/download-file';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage } from '../../shared/format';
import { useReconciliation } from '../api/reports';

interface Range {
  from: string;
  to: string;
}

/** From and to (both included), applied on submit so a half-typed date asks nothing. */
function RangeForm({ label, range, onApply }: { label: string; range: Range; onApply: (range: Range) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const valid = isIsoDate(from) && isIsoDate(to) && from <= to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onApply({ from, to });
  };
  return (
    <form className="console-toolbar" aria-label={label} onSubmit={submit}>
      <label className="console-field">
        <span>From</span>
        <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} required />
      </label>
      <label className="console-field">
        <span>To</span>
        <input type="date" value={to} onChange={(event) => setTo(event.target.value)} required />
      </label>
      <button type="submit" className="button button--secondary" disabled={!valid}>
        Show
      </button>
    </form>
  );
}

/** The general journal as a CSV for QuickBooks Online or Xero, for any date range. */
export function JournalSection({ range }: { range: Range }) {
  const headingId = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [state, setState] = useState<'idle' | 'pending' | { error: string }>('idle');
  const valid = isIsoDate(from) && isIsoDate(to) && from <= to;

  async function download(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setState('pending');
    try {
      await downloadFile(`/admin/ledger/export.csv?from=${from}&to=${to}`, `journal-${from}-${to}.csv`);
      setState('idle');
    } catch (error) {
      setState({ error: errorMessage(error) });
    }
  }

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>General journal</h2>
      <p className="console-muted">
        Every ledger line (date, account, debit, credit, memo, reference), as QuickBooks Online and Xero import it.
      </p>
      <form className="console-toolbar" aria-label="Journal export" onSubmit={(event) => void download(event)}>
        <label className="console-field">
          <span>From</span>
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} required />
        </label>
        <label className="console-field">
          <span>To</span>
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} required />
        </label>
        <button type="submit" className="button" disabled={!valid || state === 'pending'}>
          {state === 'pending' ? 'Preparing…' : 'Download journal CSV'}
        </button>
      </form>
      {typeof state === 'object' && (
        <p role="alert" className="console-error">
          {state.error}
        </p>
      )}
    </section>
  );
}

/** The processor's charges and refunds per day against the ledger, with every reference that differs. */
export function ReconciliationSection({ range: initial }: { range: Range }) {
  const headingId = useId();
  const [range, setRange] = useState(initial);
  const reconciliation = useReconciliation(range.from, range.to);
  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Reconciliation</h2>
      <RangeForm label="Reconciliation dates" range={range} onApply={setRange} />
      <QueryState query={reconciliation} loading="Loading the reconciliation…">
        {({ days, differences }) => (
          <>
            <p role="status" className={differences.length === 0 ? 'console-success' : 'console-error'}>
              {differences.length === 0
                ? 'The processor and the ledger agree on every charge and refund.'
                : `${differences.length} ${differences.length === 1 ? 'difference' : 'differences'} between the processor and the ledger.`}
            </p>
            {differences.length > 0 && (
              <TableRegion label="Differences">
                <table className="console-table">
                  <caption>Differences</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Kind</th>
                      <th scope="col" className="num">
                        Processor
                      </th>
                      <th scope="col" className="num">
                        Ledger
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {differences.map((difference) => (
                      <tr key={`${difference.reference}-${difference.kind}`}>
                        <th scope="row">{formatDate(difference.date)}</th>
                        <td>{difference.reference}</td>
                        <td>{difference.kind === 'charge' ? 'Charge' : 'Refund'}</td>
                        <td className="num">{formatDollars(difference.processor)}</td>
                        <td className="num">{formatDollars(difference.ledger)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            {days.length > 0 && (
              <TableRegion label="Day by day">
                <table className="console-table">
                  <caption>Day by day</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col" className="num">
                        Processor charges
                      </th>
                      <th scope="col" className="num">
                        Ledger charges
                      </th>
                      <th scope="col" className="num">
                        Processor refunds
                      </th>
                      <th scope="col" className="num">
                        Ledger refunds
                      </th>
                      <th scope="col" className="num">
                        Difference
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {days.map((day) => (
                      <tr key={day.date}>
                        <th scope="row">{formatDate(day.date)}</th>
                        <td className="num">{formatDollars(day.processorCharges)}</td>
                        <td className="num">{formatDollars(day.ledgerCharges)}</td>
                        <td className="num">{formatDollars(day.processorRefunds)}</td>
                        <td className="num">{formatDollars(day.ledgerRefunds)}</td>
                        <td className="num">{formatDollars(day.difference)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
