import {
  formatDateOrAsIs,
  formatDateWithWeekday,
  formatDollars,
  formatParty,
  formatUsd,
  nightlyPrice,
  pluralize,
} from '@sas/domain';
import { draftAmounts, type ReservationDraft } from '../utils/reservation-draft';

/**
 * The home, the stay and the running total: base price, taxes, fees and each
 * add-on (SPEC.md section 9), updated as the guest ticks add-ons.
 */
export function OrderSummary({ draft }: { draft: ReservationDraft }) {
  const amounts = draftAmounts(draft);
  const { home, stay, quote } = draft;

  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <img className="order-summary__photo" src={home.pictureUrl} alt="" width={480} height={320} />
      <h2 id="order-summary-title" className="order-summary__title">
        {home.name}
      </h2>
      <p className="order-summary__place">
        {home.city}, {home.state}
      </p>
      <dl className="order-summary__stay">
        <div>
          <dt>Check-in</dt>
          <dd>{formatDateOrAsIs(stay.checkIn, formatDateWithWeekday)}</dd>
        </div>
        <div>
          <dt>Check-out</dt>
          <dd>{formatDateOrAsIs(stay.checkOut, formatDateWithWeekday)}</dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{formatParty(stay.guests)}</dd>
        </div>
      </dl>
      <table className="order-summary__prices">
        <caption className="visually-hidden">Price details</caption>
        <tbody>
          <tr>
            <th scope="row">
              {formatUsd(nightlyPrice(amounts.basePrice, Math.max(1, quote.nights)))} ×{' '}
              {pluralize(quote.nights, 'night')}
            </th>
            <td>{formatUsd(amounts.basePrice)}</td>
          </tr>
          {amounts.discounts.map((line) => (
            <tr key={line.kind} className="order-summary__discount">
              <th scope="row">{line.name}</th>
              <td>−{formatUsd(line.cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Cleaning fee</th>
            <td>{formatUsd(amounts.fees)}</td>
          </tr>
          <tr>
            <th scope="row">Taxes</th>
            <td>{formatUsd(amounts.taxes)}</td>
          </tr>
          {/* By jurisdiction (issue 29), when the home collects more than one. */}
          {quote.taxLines.length > 1
            ? quote.taxLines.map((line) => (
                <tr key={`${line.jurisdiction}:${line.name}`} className="order-summary__tax-line">
                  <th scope="row">
                    {line.name} ({line.rate}%)
                  </th>
                  <td>{formatDollars(line.amount)}</td>
                </tr>
              ))
            : null}
          {draft.addOns.map((addOn) => (
            <tr key={addOn.id}>
              <th scope="row">
                {addOn.name}
                {addOn.option ? ` (${addOn.option})` : ''}
              </th>
              <td>{formatUsd(addOn.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="order-summary__total">
            <th scope="row">Total</th>
            <td data-testid="order-total">{formatUsd(amounts.total)}</td>
          </tr>
        </tfoot>
      </table>
    </aside>
  );
}
