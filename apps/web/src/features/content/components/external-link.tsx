import type { ReactNode } from 'react';
import { safeUrl } from '@sas/domain';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  /** Replaces the visible text as the name, e.g. for an icon link. */
  label?: string;
}

/**
 * A link to a partner site, in a new tab that cannot reach back into this one.
 * The URL is checked against the allow-list once more: one that fails it is
 * shown as plain text rather than linked.
 */
export function ExternalLink({ href, children, className, label }: ExternalLinkProps) {
  const url = safeUrl(href, 'partner');
  if (url === null) return <span className={className}>{children}</span>;
  return (
    <a
      href={url}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label === undefined ? undefined : `${label} (opens in a new tab)`}
    >
      {children}
      {label === undefined && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
