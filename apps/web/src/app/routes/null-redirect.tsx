import { replace, type LoaderFunctionArgs } from 'react-router';
import { rawStayValue, stayQueryNames } from '@/lib/stay-query';

/**
 * /null (SPEC.md section 2): a link target of the original site. With
 * checkin and checkout it forwards the stay to /search (the six values it
 * has, in the lowercase names), otherwise to the home page. Decided in the
 * loader, before anything renders; replace keeps /null out of the history.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (rawStayValue(params, 'checkin') === null || rawStayValue(params, 'checkout') === null) return replace('/');
  const forwarded = new URLSearchParams();
  for (const name of stayQueryNames) {
    const value = rawStayValue(params, name);
    if (value !== null) forwarded.set(name, value);
  }
  return replace(`/search?${forwarded.toString()}`);
}

/** Never shown: the loader always redirects. */
export function Component() {
  return null;
}
