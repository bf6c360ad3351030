import { formatDateOrAsIs, formatDateWithWeekday, formatParty, formatUsd, nightlyPrice, pluralize } from '@sas/domain';
import { draftAmounts, type ReservationDraft } from '../utils/reservation-draft';

/**
 * The home, the stay and the running total: base price, taxes, fees and each
 * add-on (SPEC.md section 9), updated as the guest ticks add-ons.
 */
export function OrderSummary({ draft }: { draft: ReservationDraft }) {
  const amounts = draftAmounts(draft);
  const { property } = draft;

  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <img className="order-summary__photo" src={property.pictureUrl} alt="" width={480} height={320} />
      <h2 id="order-summary-title" className="order-summary__title">
        {draft.propertyName}
      </h2>
      <p className="order-summary__place">
        {property.city}, {property.state}
      </p>
      <dl className="order-summary__stay">
        <div>
          <dt>Check-in</dt>
          <dd>{formatDateOrAsIs(draft.checkIn, formatDateWithWeekday)}</dd>
        </div>
        <div>
          <dt>Check-out</dt>
          <dd>{formatDateOrAsIs(draft.checkOut, formatDateWithWeekday)}</dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{formatParty(draft.guests)}</dd>
        </div>
      </dl>
      <table className="order-summary__prices">
        <caption className="visually-hidden">Price details</caption>
        <tbody>
          <tr>
            <th scope="row">
              {formatUsd(nightlyPrice(amounts.basePrice, Math.max(1, draft.nights)))} ×{' '}
              {pluralize(draft.nights, 'night')}
            </th>
            <td>{formatUsd(amounts.basePrice)}</td>
          </tr>
          <tr>
            <th scope="row">Cleaning fee</th>
            <td>{formatUsd(amounts.fees)}</td>
          </tr>
          <tr>
            <th scope="row">Taxes</th>
            <td>{formatUsd(amounts.taxes)}</td>
          </tr>
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
