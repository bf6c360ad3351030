// The app's links (ADR 032): React Router's href and click handling
// (useHref, useLinkClickHandler, the hooks the router offers for a link of
// one's own) without its <Link>, which brings the framework mode's route
// prefetching into every page's first load.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Navigation state the next page reads from its location. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A URL with a scheme, or protocol-relative: left to the browser. */
const externalUrl = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An in-app link: a real anchor (it works without JavaScript and opens in a new tab), navigated by the router on a plain click. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const external = typeof to === 'string' && externalUrl.test(to);
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented && !external) navigate(event);
  }
  return <a {...rest} href={external ? to : href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  className?: string;
  /** Active only on the link's own path, not on the pages below it. */
  end?: boolean;
}

/**
 * A link that knows whether it is the current page: `aria-current="page"`
 * and the class `active` then, as React Router's NavLink marks it (its
 * pathname, case-insensitive, or a page below it unless `end`).
 */
export function NavLink({ className, end = false, ...props }: NavLinkProps) {
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const withoutSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(withoutSlash) === '/');
  return (
    <Link
      {...props}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
    />
  );
}
