import { useId, useRef, useState, type FormEvent } from 'react';
import { formatDate, formatDollars, isIsoDate, localToday } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage } from '../../shared/format';
import { useHomeExpenses, useRecordExpense } from '../api/reports';
import { ReceiptButton } from './receipt-button';

const newKey = () => `expense-${crypto.randomUUID()}`;

/**
 * A home's expenses (issue 29): staff record what they paid, with its
 * receipt; each reduces the owner's net payout on their statement. The
 * idempotency key is kept until the upload succeeds, so a retry after a
 * lost answer never charges the owner twice.
 */
export function ExpensesSection({ homeId }: { homeId: string }) {
  const formId = useId();
  const expenses = useHomeExpenses(homeId);
  const record = useRecordExpense(homeId);
  const [date, setDate] = useState(localToday);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [key, setKey] = useState(newKey);
  const fileInput = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null);
  const valid =
    isIsoDate(date) && /^\d{1,7}(\.\d{1,2})?$/.test(amount.trim()) && memo.trim() !== '' && receipt !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || receipt === null) {
      setOutcome({ kind: 'failed', text: 'Give the date, the amount in dollars, what it was for and the receipt.' });
      return;
    }
    setOutcome(null);
    record.mutate(
      { date, amount: amount.trim(), memo: memo.trim(), idempotencyKey: key, receipt },
      {
        onSuccess: (expense) => {
          setOutcome({ kind: 'saved', text: `Recorded ${formatDollars(expense.amount)}: ${expense.memo}.` });
          setAmount('');
          setMemo('');
          setReceipt(null);
          if (fileInput.current) fileInput.current.value = '';
          setKey(newKey());
        },
        onError: (error) => setOutcome({ kind: 'failed', text: errorMessage(error) }),
      },
    );
  };

  return (
    <>
      <form id={formId} className="console-toolbar" aria-label="Record an expense" onSubmit={submit} noValidate>
        <label className="console-field">
          <span>Date paid</span>
          <input type="date" value={date} onChange={(event) => setDate(event.target.value)} required />
        </label>
        <label className="console-field">
          <span>Amount (USD)</span>
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
            placeholder="125.40"
          />
        </label>
        <label className="console-field">
          <span>What it was for</span>
          <input value={memo} maxLength={500} onChange={(event) => setMemo(event.target.value)} required />
        </label>
        <label className="console-field">
          <span>Receipt (photo or PDF)</span>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            onChange={(event) => setReceipt(event.target.files?.[0] ?? null)}
            required
          />
        </label>
        <button type="submit" className="button" disabled={record.isPending}>
          {record.isPending ? 'Uploading…' : 'Record expense'}
        </button>
      </form>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' ? outcome.text : ''}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' ? outcome.text : ''}
      </div>
      <QueryState query={expenses} loading="Loading the expenses…">
        {(list) =>
          list.length === 0 ? (
            <p className="console-muted">No expenses recorded for this home.</p>
          ) : (
            <TableRegion label="Expenses of this home">
              <table className="console-table">
                <caption className="visually-hidden">Expenses of this home</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">For</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col">Receipt</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((expense) => (
                    <tr key={expense.id}>
                      <th scope="row">{formatDate(expense.date)}</th>
                      <td>{expense.memo}</td>
                      <td className="num">{formatDollars(expense.amount)}</td>
                      <td>
                        <ReceiptButton
                          url={expense.receiptUrl}
                          label={`${expense.memo}, ${formatDate(expense.date)}`}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )
        }
      </QueryState>
    </>
  );
}
