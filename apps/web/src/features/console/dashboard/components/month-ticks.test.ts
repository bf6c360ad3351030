import { describe, expect, it } from 'vitest';
import { addMonths } from '../../shared/format';
import { monthTickLabel, monthTickRoom, monthTicks } from './month-ticks';

/** The dashboard's 24 months: the past 12, this month (November 2026) and the 11 after it. */
const months = Array.from({ length: 24 }, (_, i) => addMonths('2026-11', i - 12));

// The charts' plotting width (chart less its 72px axis and margins) at the widths the console is used at.
const plotAt = { phone375: 215, tablet768: 340, desktop1280: 360, wide: 1000 };

describe('the month labels under the dashboard’s charts', () => {
  it('read as a short name, with the year below on the first label and each January', () => {
    expect(monthTickLabel('2025-11', true)).toEqual({ name: 'Nov', year: '2025' });
    expect(monthTickLabel('2026-04', false)).toEqual({ name: 'Apr', year: null });
    expect(monthTickLabel('2027-01', false)).toEqual({ name: 'Jan', year: '2027' });
  });

  it('are fewer on a narrower chart: quarters at 1280 and 768 px, twice a year on a phone, every month when wide', () => {
    expect(monthTicks(months, plotAt.desktop1280)).toEqual([
      '2026-01',
      '2026-04',
      '2026-07',
      '2026-10',
      '2027-01',
      '2027-04',
      '2027-07',
      '2027-10',
    ]);
    expect(monthTicks(months, plotAt.tablet768)).toHaveLength(8);
    expect(monthTicks(months, plotAt.phone375)).toEqual(['2026-01', '2026-07', '2027-01', '2027-07']);
    expect(monthTicks(months, plotAt.wide)).toEqual(months);
  });

  it('never give a label less room than it needs, and keep at least each January', () => {
    for (let width = 0; width <= 1200; width += 10) {
      const ticks = monthTicks(months, width);
      expect(ticks.length, `${width}px`).toBeGreaterThanOrEqual(2);
      if (ticks.length > 2) expect(ticks.length * monthTickRoom, `${width}px`).toBeLessThanOrEqual(width);
      // Evenly spaced along the calendar: the same number of months between any two.
      const gaps = ticks.slice(1).map((tick, i) => months.indexOf(tick) - months.indexOf(ticks[i]!));
      expect(new Set(gaps).size, `${width}px`).toBe(1);
    }
    expect(monthTicks(months, 0)).toEqual(['2026-01', '2027-01']);
  });
});
