// The month labels under the dashboard's charts: as many as fit the chart's
// width without touching (every month, every other, each quarter, twice a
// year, each January), on calendar months so they read as a calendar does,
// each a short name with its year under it where the year changes.
import { monthNames } from '@sas/domain';

/** Months between two labels, from the most labels to the fewest. */
export const monthTickSteps = [1, 2, 3, 4, 6, 12] as const;

/** Room one label takes along the axis, with a gap to the next: "Sep" at 12px is about 24px wide. */
export const monthTickRoom = 40;

/** Every `step`th month of the calendar (January first) among `months` ('YYYY-MM'). */
function onStep(months: readonly string[], step: number): string[] {
  return months.filter((month) => (Number(month.slice(5, 7)) - 1) % step === 0);
}

/** The months to label along `plotWidth` pixels: the most that fit, at least one a year. */
export function monthTicks(months: readonly string[], plotWidth: number): string[] {
  for (const step of monthTickSteps) {
    const ticks = onStep(months, step);
    if (ticks.length * monthTickRoom <= plotWidth) return ticks;
  }
  return onStep(months, 12);
}

/** 'YYYY-MM' as the tick reads it: 'Nov', with the year below on the first tick and each January. */
export function monthTickLabel(month: string, first: boolean): { name: string; year: string | null } {
  const [year = '', index = ''] = month.split('-');
  const name = monthNames[Number(index) - 1]?.slice(0, 3) ?? month;
  return { name, year: first || index === '01' ? year : null };
}
