import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatDateRange, formatDollars, isIsoDate, type OwnerStatement } from '@sas/domain';
import { downloadFile } from '../../shared/api/download-file';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage, formatMonthLong } from '../../shared/format';
import { useOwnerStatement, useRecordPayout } from '../api/reports';
import { ReceiptButton } from './receipt-button';

function StatementView({ statement }: { statement: OwnerStatement }) {
  const month = formatMonthLong(statement.month);
  const totals: [string, number][] = [
    ['Gross rent', statement.grossRent],
    ['Discounts', -statement.discounts],
    [`Commission (${statement.commissionRate}%)`, -statement.commission],
    ['Cleaning', -statement.cleaning],
    ['Expenses', -statement.expenses],
  ];
  return (
    <>
      {statement.lines.length === 0 ? (
        <p className="console-muted">No stays checked in in {month}.</p>
      ) : (
        <TableRegion label={`Stays of ${statement.owner.name}, ${month}`}>
          <table className="console-table">
            <caption>
              Stays of {statement.owner.name}, {month}
            </caption>
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Home</th>
                <th scope="col">Stay</th>
                <th scope="col" className="num">
                  Gross rent
                </th>
                <th scope="col" className="num">
                  Discounts
                </th>
                <th scope="col" className="num">
                  Commission
                </th>
                <th scope="col" className="num">
                  Cleaning
                </th>
                <th scope="col" className="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line) => (
                <tr key={line.booking}>
                  <th scope="row">{line.booking}</th>
                  <td>{line.home}</td>
                  <td>{formatDateRange(line.checkIn, line.checkOut)}</td>
                  <td className="num">{formatDollars(line.grossRent)}</td>
                  <td className="num">{formatDollars(line.discounts)}</td>
                  <td className="num">{formatDollars(line.commission)}</td>
                  <td className="num">{formatDollars(line.cleaning)}</td>
                  <td className="num">{formatDollars(line.netPayout)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <dl className="reports-totals">
        {totals.map(([label, amount]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatDollars(amount)}</dd>
          </div>
        ))}
        <div className="reports-totals__net">
          <dt>Net payout</dt>
          <dd>{formatDollars(statement.netPayout)}</dd>
        </div>
        <div>
          <dt>Paid out in {month}</dt>
          <dd>{formatDollars(statement.paidOut)}</dd>
        </div>
        <div>
          <dt>Net payout, year to date</dt>
          <dd>{formatDollars(statement.yearToDate.netPayout)}</dd>
        </div>
      </dl>
      {statement.expenseLines.length > 0 && (
        <TableRegion label={`Expenses, ${month}`}>
          <table className="console-table">
            <caption>Expenses, {month}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Home</th>
                <th scope="col">For</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {statement.expenseLines.map((expense) => (
                <tr key={expense.id}>
                  <th scope="row">{formatDate(expense.date)}</th>
                  <td>{expense.home}</td>
                  <td>{expense.memo}</td>
                  <td className="num">{formatDollars(expense.amount)}</td>
                  <td>
                    <ReceiptButton url={expense.receiptUrl} label={`${expense.memo}, ${formatDate(expense.date)}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {statement.payouts.length > 0 && (
        <ul className="reports-payouts">
          {statement.payouts.map((payout) => (
            <li key={payout.id}>
              {formatDate(payout.date)}: {formatDollars(payout.amount)} ({payout.memo})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function newKey(): string {
  return `payout-${crypto.randomUUID()}`;
}

/** Staff record money paid to the owner; the key is kept until it succeeds, so a retry never pays twice. */
function PayoutForm({ ownerId, today }: { ownerId: string; today: string }) {
  const record = useRecordPayout();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [memo, setMemo] = useState('');
  const [key, setKey] = useState(newKey);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null);
  const value = Number(amount);
  const valid = amount !== '' && Number.isFinite(value) && value > 0 && isIsoDate(date);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setOutcome(null);
    record.mutate(
      { id: ownerId, payout: { amount: value, date, memo, idempotencyKey: key } },
      {
        onSuccess: (payout) => {
          setOutcome({ kind: 'saved', text: `Recorded a payout of ${formatDollars(payout.amount)}.` });
          setAmount('');
          setMemo('');
          setKey(newKey());
        },
        onError: (error) => setOutcome({ kind: 'failed', text: errorMessage(error) }),
      },
    );
  };

  return (
    <form className="console-toolbar" aria-label="Record a payout" onSubmit={submit}>
      <label className="console-field">
        <span>Amount paid (USD)</span>
        <input
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
      </label>
      <label className="console-field">
        <span>Paid on</span>
        <input type="date" value={date} onChange={(event) => setDate(event.target.value)} required />
      </label>
      <label className="console-field">
        <span>Memo</span>
        <input value={memo} maxLength={500} onChange={(event) => setMemo(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={!valid || record.isPending}>
        Record payout
      </button>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' ? outcome.text : ''}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' ? outcome.text : ''}
      </div>
    </form>
  );
}

/**
 * An owner's statement of a month from the ledger, with its PDF and CSV. For
 * an owner it is their own; staff may also record a payout.
 */
export function OwnerStatementSection({
  ownerId,
  month,
  canRecordPayouts,
  today,
}: {
  ownerId: string;
  month: string;
  canRecordPayouts: boolean;
  today: string;
}) {
  const headingId = useId();
  const statement = useOwnerStatement(ownerId, month);
  const [download, setDownload] = useState<'idle' | 'pending' | { error: string }>('idle');
  const base = `/admin/owners/${encodeURIComponent(ownerId)}/statements/${month}`;

  async function get(format: 'pdf' | 'csv') {
    setDownload('pending');
    try {
      await downloadFile(`${base}.${format}`, `statement-${month}.${format}`);
      setDownload('idle');
    } catch (error) {
      setDownload({ error: errorMessage(error) });
    }
  }

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Owner statement, {formatMonthLong(month)}</h2>
      <div className="console-toolbar">
        <button
          type="button"
          className="button button--secondary"
          disabled={download === 'pending'}
          onClick={() => void get('pdf')}
        >
          Download PDF
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={download === 'pending'}
          onClick={() => void get('csv')}
        >
          Download CSV
        </button>
      </div>
      {typeof download === 'object' && (
        <p role="alert" className="console-error">
          {download.error}
        </p>
      )}
      <QueryState query={statement} loading="Loading the statement…">
        {(data) => <StatementView statement={data} />}
      </QueryState>
      {canRecordPayouts && (
        <>
          <h3>Record a payout</h3>
          <PayoutForm key={ownerId} ownerId={ownerId} today={today} />
        </>
      )}
    </section>
  );
}
