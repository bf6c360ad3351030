import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDraft } from '../testing/booking-data';
import { OrderSummary } from './order-summary';

describe('OrderSummary', () => {
  it('itemises the taxes by jurisdiction under their total when the home collects several (issue 29)', () => {
    const draft = createDraft();
    const taxLines = [
      { name: 'State sales tax', jurisdiction: 'State of Colorado', rate: 2.9, amount: 33.35 },
      { name: 'Accommodation tax', jurisdiction: 'Town of Breckenridge', rate: 9.37, amount: 107.76 },
    ];
    render(<OrderSummary draft={{ ...draft, quote: { ...draft.quote, taxes: 141.11, taxLines } }} />);
    const table = screen.getByRole('table', { name: 'Price details' });
    expect(within(table).getByRole('row', { name: /^Taxes/ })).toHaveTextContent('$141.11');
    expect(within(table).getByRole('row', { name: /State sales tax \(2.9%\)/ })).toHaveTextContent('$33.35');
    expect(within(table).getByRole('row', { name: /Accommodation tax \(9.37%\)/ })).toHaveTextContent('$107.76');
  });

  it('shows one Taxes line for a home with one tax', () => {
    const draft = createDraft();
    render(<OrderSummary draft={draft} />);
    expect(screen.getAllByRole('row', { name: /tax/i })).toHaveLength(1);
  });
});
