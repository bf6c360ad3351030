import { monthNames } from '@sas/domain';

/** 'YYYY-MM' as 'November 2026'. */
export function formatMonthLong(month: string): string {
  const [year, index] = month.split('-');
  return `${monthNames[Number(index) - 1] ?? month} ${year}`;
}

/** An ISO timestamp as the console shows it: 'Nov 23, 2026, 14:05' in the viewer's own time. */
export function formatTimestamp(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const month = monthNames[at.getMonth()]?.slice(0, 3);
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `${month} ${at.getDate()}, ${at.getFullYear()}, ${time}`;
}

/** '2026-11' plus `months` (negative for earlier). */
export function addMonths(month: string, months: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const total = year * 12 + (index - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The message of a failed request, for an alert beside the control that made it. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
