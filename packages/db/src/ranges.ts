// Stays are stored as PostgreSQL dateranges, half-open: [check-in, check-out).
// These helpers build and read the literal so dates stay plain YYYY-MM-DD
// strings and never pass through a JS Date.

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** `[2026-01-01,2026-01-05)` for a stay arriving Jan 1 and leaving Jan 5 (four nights). */
export function toDateRange(checkIn: string, checkOut: string): string {
  if (!isoDate.test(checkIn) || !isoDate.test(checkOut))
    throw new Error(`Expected YYYY-MM-DD dates, got ${checkIn} and ${checkOut}`);
  return `[${checkIn},${checkOut})`;
}

/**
 * Check-in and check-out of a daterange as PostgreSQL prints it. PostgreSQL
 * normalises a daterange to `[lower,upper)`, so that is the only shape read.
 */
export function fromDateRange(range: string): { checkIn: string; checkOut: string } {
  const match = /^\[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})\)$/.exec(range.trim());
  if (!match?.[1] || !match[2]) throw new Error(`Not a bounded daterange: ${range}`);
  return { checkIn: match[1], checkOut: match[2] };
}
