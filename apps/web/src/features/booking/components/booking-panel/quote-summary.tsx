import { formatDayWithWeekday, formatDollars as usd, pluralize, type QuoteResponse } from '@sas/domain';

interface QuoteSummaryProps {
  quote: QuoteResponse;
  /** The quote is for the previous choice while the new one loads. */
  updating: boolean;
}

/** The server's price of the stay: the all-in total first, then what it is made of. */
export function QuoteSummary({ quote, updating }: QuoteSummaryProps) {
  const { financials } = quote;
  return (
    <div className="booking-quote" aria-busy={updating || undefined} data-updating={updating || undefined}>
      <p className="booking-quote__total" data-testid="quote-total">
        <span className="booking-quote__total-amount">{usd(quote.total)}</span> total
      </p>
      <p className="booking-quote__includes">
        Includes the cleaning fee and taxes for {pluralize(quote.nights, 'night')}.
      </p>
      <dl className="booking-quote__lines">
        <div className="booking-quote__line">
          <dt>
            {pluralize(quote.nights, 'night')}
            <span className="booking-quote__average"> · {usd(financials.average_nightly)} average</span>
          </dt>
          <dd>{usd(quote.basePrice)}</dd>
        </div>
        {quote.discounts.map((line) => (
          <div className="booking-quote__line booking-quote__line--discount" key={line.kind}>
            <dt>{line.name}</dt>
            <dd>−{usd(line.amount)}</dd>
          </div>
        ))}
        <div className="booking-quote__line">
          <dt>Cleaning fee</dt>
          <dd>{usd(quote.fees)}</dd>
        </div>
        {quote.taxLines.length > 1 ? (
          quote.taxLines.map((line) => (
            <div className="booking-quote__line" key={`${line.jurisdiction}:${line.name}`}>
              <dt>
                {line.name} <span className="booking-quote__tax-name">({line.rate}%)</span>
              </dt>
              <dd>{usd(line.amount)}</dd>
            </div>
          ))
        ) : (
          <div className="booking-quote__line">
            <dt>
              Taxes <span className="booking-quote__tax-name">({financials.tax_name})</span>
            </dt>
            <dd>{usd(quote.taxes)}</dd>
          </div>
        )}
        <div className="booking-quote__line booking-quote__line--total">
          <dt>Total</dt>
          <dd>{usd(quote.total)}</dd>
        </div>
      </dl>
      {/* Collapsed by default: the total matters most; seasons and weekends explain it on request. */}
      <details className="booking-quote__nights">
        <summary>Price of each night</summary>
        <ul className="booking-quote__nightly">
          {quote.nightly.map((night) => (
            <li key={night.date}>
              <span>
                {formatDayWithWeekday(night.date)}
                {night.season === null ? null : <span className="booking-quote__season"> · {night.season}</span>}
              </span>
              <span>{usd(night.price)}</span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
