import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { formatDollars, taxBases, type TaxBasis, type TaxReturnRow } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage, formatMonthLong } from '../../shared/format';
import { useSetTaxBasis, useTaxBasis, useTaxReturn } from '../api/reports';

const basisLabels: Record<TaxBasis, string> = {
  stay: 'Month the nights were stayed',
  payment: 'Month the money was paid',
};

/**
 * The month's net due per jurisdiction as bars (ADR 025's approach: the
 * drawing is hidden from assistive technology; the return's table beside it
 * carries the same figures).
 */
function NetDueChart({ rows, month }: { rows: TaxReturnRow[]; month: string }) {
  const byJurisdiction = new Map<string, number>();
  for (const row of rows)
    byJurisdiction.set(row.jurisdiction, (byJurisdiction.get(row.jurisdiction) ?? 0) + row.netDue);
  const data = [...byJurisdiction].map(([jurisdiction, netDue]) => ({ jurisdiction, netDue }));
  return (
    <figure className="reports-chart">
      <figcaption>Net due per jurisdiction, {formatMonthLong(month)} (figures in the table below)</figcaption>
      <div aria-hidden="true">
        <BarChart
          responsive
          style={{ width: '100%', height: 220 }}
          data={data}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="jurisdiction" tick={{ fontSize: 12 }} interval={0} />
          <YAxis width={80} tick={{ fontSize: 12 }} tickFormatter={(value: number) => formatDollars(value)} />
          <Bar dataKey="netDue" fill="#1f4a45" isAnimationActive={false} />
        </BarChart>
      </div>
    </figure>
  );
}

function TaxReturnTable({ rows, month }: { rows: TaxReturnRow[]; month: string }) {
  if (rows.length === 0) return <p className="console-muted">No lodging tax for {formatMonthLong(month)}.</p>;
  const total = (pick: (row: TaxReturnRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  return (
    <>
      <NetDueChart rows={rows} month={month} />
      <TableRegion label={`Tax return, ${formatMonthLong(month)}`}>
        <table className="console-table">
          <caption>Tax return, {formatMonthLong(month)}</caption>
          <thead>
            <tr>
              <th scope="col">Jurisdiction</th>
              <th scope="col">Tax</th>
              <th scope="col" className="num">
                Gross rent
              </th>
              <th scope="col" className="num">
                Exempt rent
              </th>
              <th scope="col" className="num">
                Taxable rent
              </th>
              <th scope="col" className="num">
                Tax collected
              </th>
              <th scope="col" className="num">
                Refunds and adjustments
              </th>
              <th scope="col" className="num">
                Net due
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.jurisdiction}-${row.name}`}>
                <th scope="row">{row.jurisdiction}</th>
                <td>{row.name}</td>
                <td className="num">{formatDollars(row.grossRent)}</td>
                <td className="num">{formatDollars(row.exemptRent)}</td>
                <td className="num">{formatDollars(row.taxableRent)}</td>
                <td className="num">{formatDollars(row.taxCollected)}</td>
                <td className="num">{formatDollars(row.adjustments)}</td>
                <td className="num">{formatDollars(row.netDue)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td className="num">{formatDollars(total((r) => r.taxCollected))}</td>
              <td className="num">{formatDollars(total((r) => r.adjustments))}</td>
              <td className="num">{formatDollars(total((r) => r.netDue))}</td>
            </tr>
          </tfoot>
        </table>
      </TableRegion>
    </>
  );
}

/** The monthly lodging tax return, on the basis the company chose (a setting kept by the server). */
export function TaxReturnSection({ month }: { month: string }) {
  const headingId = useId();
  const basis = useTaxBasis();
  const setBasis = useSetTaxBasis();
  const [failure, setFailure] = useState<string | null>(null);
  const taxReturn = useTaxReturn(month, basis.data?.basis);

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Lodging tax return</h2>
      <label className="console-field">
        <span>Count a stay in the</span>
        <select
          value={basis.data?.basis ?? 'stay'}
          disabled={basis.data === undefined || setBasis.isPending}
          onChange={(event) => {
            setFailure(null);
            setBasis.mutate(event.target.value as TaxBasis, { onError: (error) => setFailure(errorMessage(error)) });
          }}
        >
          {taxBases.map((choice) => (
            <option key={choice} value={choice}>
              {basisLabels[choice]}
            </option>
          ))}
        </select>
      </label>
      <p className="console-muted">
        The basis is the company&apos;s setting: changing it changes every month&apos;s return.
      </p>
      {basis.isError && (
        <p role="alert" className="console-error">
          {errorMessage(basis.error)}
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="console-error">
          {failure}
        </p>
      )}
      <QueryState query={taxReturn} loading="Loading the tax return…">
        {(rows) => <TaxReturnTable rows={rows} month={month} />}
      </QueryState>
    </section>
  );
}
