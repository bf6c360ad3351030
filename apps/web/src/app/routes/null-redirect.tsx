import { Navigate, useLocation } from 'react-router';
import { rawStayValue, stayQueryNames } from '@/lib/stay-query';

/**
 * Where /null goes: with checkin and checkout, /search with the stay's six
 * values (in the lowercase names), otherwise the home page.
 */
export function nullRedirectTarget(search: string): string {
  const params = new URLSearchParams(search);
  if (rawStayValue(params, 'checkin') === null || rawStayValue(params, 'checkout') === null) return '/';
  const forwarded = new URLSearchParams();
  for (const name of stayQueryNames) {
    const value = rawStayValue(params, name);
    if (value !== null) forwarded.set(name, value);
  }
  return `/search?${forwarded.toString()}`;
}

/**
 * /null (SPEC.md section 2): a link target of the original site, forwarded
 * at once; replace keeps /null out of the history.
 */
export function Component() {
  const { search } = useLocation();
  return <Navigate to={nullRedirectTarget(search)} replace />;
}
