import { useState } from 'react';
import { pluralize } from '@sas/domain';

/**
 * A long console list shown a page at a time: a year of a company's business
 * is hundreds of rows, which the browser lays out slowly and nobody reads at
 * once. The filters narrow the list; the CSV export keeps every row. Give the
 * list a `key` of its filters so a new filter starts again at the first page.
 */
export function useShownRows<T>(rows: readonly T[], pageSize: number) {
  const [limit, setLimit] = useState(pageSize);
  return { shown: rows.slice(0, limit), showMore: () => setLimit((n) => n + pageSize), total: rows.length, pageSize };
}

interface ShowMoreProps {
  shown: number;
  total: number;
  pageSize: number;
  /** What a row is, singular: "reservation", "review". */
  noun: string;
  showMore: () => void;
}

/** "Showing 50 of 612 reservations" and a button for the next page; nothing once all are shown. */
export function ShowMore({ shown, total, pageSize, noun, showMore }: ShowMoreProps) {
  if (shown >= total) return null;
  return (
    <div className="console-show-more">
      <p className="console-muted">
        Showing {shown} of {pluralize(total, noun)}
      </p>
      <button type="button" className="button button--secondary button--small" onClick={showMore}>
        Show {Math.min(pageSize, total - shown)} more
      </button>
    </div>
  );
}
