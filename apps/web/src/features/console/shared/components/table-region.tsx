import type { ReactNode } from 'react';

interface TableRegionProps {
  /** The region's name, usually the table's caption: what a screen reader announces on focus. */
  label: string;
  id?: string;
  children: ReactNode;
}

/**
 * The box a console table scrolls sideways in on a phone. A scrolling box the
 * keyboard cannot reach fails axe's scrollable-region-focusable: so it takes
 * focus (tabIndex 0), and a focusable box needs a role and a name.
 */
export function TableRegion({ label, id, children }: TableRegionProps) {
  return (
    <div id={id} className="console-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
