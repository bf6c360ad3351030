import { useState, type FormEvent } from 'react';
import {
  formatDate,
  formatDateRange,
  formatDateWithWeekday,
  formatDollars,
  pluralize,
  type QuoteResponse,
} from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { usePreviewRates } from '../api/preview-rates';
import { ratesOf, type RatesDraft, type RatesErrors } from '../utils/rates-draft';

interface RatesPreviewProps {
  homeId: string;
  /** The rates as typed, saved or not. */
  draft: RatesDraft;
  /** The rates have fields that are not numbers: the form shows them. */
  onInvalid: (errors: RatesErrors) => void;
}

function QuoteLines({ quote }: { quote: QuoteResponse }) {
  const { financials } = quote;
  return (
    <TableRegion label="Price of the chosen dates">
      <table className="console-table">
        <caption>
          {formatDateRange(quote.checkin_date, quote.checkout_date)}, {pluralize(quote.nights, 'night')} (minimum stay{' '}
          {pluralize(financials.min_stay, 'night')})
        </caption>
        <thead>
          <tr>
            <th scope="col">Night</th>
            <th scope="col">Rate</th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.nightly.map((night) => (
            <tr key={night.date}>
              <th scope="row">{formatDateWithWeekday(night.date)}</th>
              <td>
                {night.season ?? 'Regular'}
                {night.weekend ? ', weekend' : ''}
              </td>
              <td className="num">{formatDollars(night.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Nights
            </th>
            <td className="num">{formatDollars(quote.basePrice)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Cleaning fee
            </th>
            <td className="num">{formatDollars(quote.fees)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {financials.tax_name} ({financials.tax_rate}%)
            </th>
            <td className="num">{formatDollars(quote.taxes)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="num">
              <strong>{formatDollars(quote.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </TableRegion>
  );
}

/**
 * A quote with the rates on screen, before they are saved: the server prices
 * the stay exactly as it would for a guest, ignoring nights already taken.
 */
export function RatesPreview({ homeId, draft, onInvalid }: RatesPreviewProps) {
  const [checkIn, setCheckIn] = useState('');
  const [checkOut, setCheckOut] = useState('');
  const [adults, setAdults] = useState('2');
  const [children, setChildren] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewRates(homeId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    preview.reset();
    const { rates, errors } = ratesOf(draft);
    if (rates === null) {
      onInvalid(errors);
      setProblem('Some rates are not numbers yet: fix them in the form to preview a quote.');
      return;
    }
    if (checkIn === '' || checkOut === '') {
      setProblem('Choose a check-in and a check-out date.');
      return;
    }
    preview.mutate({
      rates,
      checkIn,
      checkOut,
      adults: Number(adults) || 1,
      children: Number(children) || 0,
    });
  };

  const message = problem ?? (preview.isError ? preview.error.message : null);
  return (
    <section className="rates-preview" aria-labelledby="rates-preview-heading">
      <h3 id="rates-preview-heading">Quote preview</h3>
      <p className="console-muted">Prices a stay with the rates as typed above, before you save them.</p>
      <form className="rates-preview__form" onSubmit={submit} noValidate aria-label="Quote preview">
        <div className="console-field">
          <label htmlFor="preview-check-in">Check-in</label>
          <input id="preview-check-in" type="date" value={checkIn} onChange={(e) => setCheckIn(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor="preview-check-out">Check-out</label>
          <input
            id="preview-check-out"
            type="date"
            value={checkOut}
            min={checkIn || undefined}
            onChange={(e) => setCheckOut(e.target.value)}
          />
        </div>
        <div className="console-field">
          <label htmlFor="preview-adults">Adults</label>
          <input id="preview-adults" type="number" min={1} value={adults} onChange={(e) => setAdults(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor="preview-children">Children</label>
          <input
            id="preview-children"
            type="number"
            min={0}
            value={children}
            onChange={(e) => setChildren(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={preview.isPending}>
          {preview.isPending ? 'Pricing...' : 'Preview quote'}
        </button>
      </form>
      <div role="alert" className={message ? 'console-error' : undefined}>
        {message && `No quote: ${message}`}
      </div>
      <div role="status">
        {preview.isSuccess && (
          <>
            <p className="visually-hidden">
              Quote for {formatDate(preview.data.checkin_date)}: {formatDollars(preview.data.total)}
            </p>
            <QuoteLines quote={preview.data} />
          </>
        )}
      </div>
    </section>
  );
}
