import { useSearchParams } from 'react-router';
import { formatDate, formatDateRange, formatDollars, localToday, pluralize, type AdminStatement } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { useHomeOptions } from '../../shared/api/get-home-options';
import { QueryState } from '../../shared/components/query-state';
import { addMonths, formatMonthLong } from '../../shared/format';
import { useStatement } from '../api/get-statement';
import './dashboard.css';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

function StatementTables({ statement }: { statement: AdminStatement }) {
  if (statement.homes.length === 0) {
    return <p className="console-muted">No homes to show for {formatMonthLong(statement.month)}.</p>;
  }
  return (
    <>
      {statement.homes.map((home) => (
        <section key={home.id} className="console-panel" aria-labelledby={`statement-${home.id}`}>
          <h2 id={`statement-${home.id}`}>
            {home.name} ({home.propertyId})
          </h2>
          {home.bookings.length === 0 ? (
            <p className="console-muted">No confirmed bookings with nights in {formatMonthLong(statement.month)}.</p>
          ) : (
            <TableRegion label={`Bookings of ${home.name}`}>
              <table className="console-table">
                <caption className="visually-hidden">
                  Bookings of {home.name} in {formatMonthLong(statement.month)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">Guest</th>
                    <th scope="col">Stay</th>
                    <th scope="col" className="num">
                      Nights in month
                    </th>
                    <th scope="col" className="num">
                      Booking total
                    </th>
                    <th scope="col" className="num">
                      Gross in month
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {home.bookings.map((line) => (
                    <tr key={line.code}>
                      <th scope="row">{line.code}</th>
                      <td>{[line.firstName, line.lastName].filter(Boolean).join(' ')}</td>
                      <td>{formatDateRange(line.checkIn, line.checkOut)}</td>
                      <td className="num">
                        {line.nightsInMonth} of {line.nights}
                      </td>
                      <td className="num">
                        {formatDollars(line.totalAmount)}
                        {line.discount > 0 && (
                          <span className="console-muted statements__discount">
                            after a {formatDollars(line.discount)} discount
                          </span>
                        )}
                      </td>
                      <td className="num">{formatDollars(line.grossInMonth)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="statements__total">
                    <th scope="row" colSpan={3}>
                      Total
                    </th>
                    <td className="num">{home.nights}</td>
                    <td />
                    <td className="num">{formatDollars(home.gross)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableRegion>
          )}
          {home.cleanings.length > 0 && (
            <TableRegion label={`Cleanings at ${home.name} in ${formatMonthLong(statement.month)}`}>
              <table className="console-table">
                <caption>{`Cleanings at ${home.name} in ${formatMonthLong(statement.month)}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Done</th>
                    <th scope="col">Cleaning</th>
                    <th scope="col">Booking</th>
                    <th scope="col" className="num">
                      Cleaning fee charged
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {home.cleanings.map((cleaning, index) => (
                    <tr key={`${cleaning.date}-${index}`}>
                      <th scope="row">{formatDate(cleaning.date)}</th>
                      <td>{cleaning.kindName}</td>
                      <td>{cleaning.booking ?? 'Owner or channel stay'}</td>
                      <td className="num">{cleaning.charged === null ? '—' : formatDollars(cleaning.charged)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </section>
      ))}
      <p className="statements__total">
        {formatMonthLong(statement.month)}: {pluralize(statement.totals.bookings, 'booking')},{' '}
        {pluralize(statement.totals.nights, 'night')}, {formatDollars(statement.totals.gross)} gross.
      </p>
    </>
  );
}

/**
 * Monthly statements: what guests paid for each home's nights in a month.
 * The month and home are in the URL, so a statement can be linked to.
 */
export function StatementsPage() {
  const [params, setParams] = useSearchParams();
  const thisMonth = localToday().slice(0, 7);
  const asked = params.get('month') ?? '';
  const month = monthPattern.test(asked) ? asked : addMonths(thisMonth, -1);
  const propertyId = params.get('home') ?? '';
  const homes = useHomeOptions();
  const statement = useStatement(propertyId === '' ? { month } : { month, propertyId });
  const choices = Array.from({ length: 25 }, (_, i) => addMonths(thisMonth, 12 - i));

  const update = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <h1>Statements</h1>
      <div className="console-toolbar">
        <label className="console-field">
          <span>Month</span>
          <select value={month} onChange={(event) => update('month', event.target.value)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {formatMonthLong(choice)}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>Home</span>
          <select value={propertyId} onChange={(event) => update('home', event.target.value)}>
            <option value="">All homes</option>
            {homes.data?.map((home) => (
              <option key={home.id} value={home.propertyId}>
                {home.name} ({home.propertyId})
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={statement} loading="Loading the statement…">
        {(data) => <StatementTables statement={data} />}
      </QueryState>
    </>
  );
}
