import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { readTripToken, saveTripToken } from '@/features/trips/api/trip-token';
import { TripPage } from '@/features/trips/components/trip-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * One booking (issue 16), for its signed-in guest or whoever opened the
 * e-mailed link. The link's `?token=` is kept in session storage for this
 * tab (a reload keeps access) and taken out of the visible URL, so it does
 * not end up in the history, a bookmark or a shared screenshot.
 */
export function Component() {
  const code = useParams().code ?? '';
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const urlToken = searchParams.get('token');
  const token = urlToken ?? readTripToken(code);
  useDocumentTitle(`Booking ${code}`);

  useEffect(() => {
    if (urlToken === null) return;
    saveTripToken(code, urlToken);
    const rest = new URLSearchParams(searchParams);
    rest.delete('token');
    const search = rest.toString();
    void navigate({ search: search === '' ? '' : `?${search}` }, { replace: true });
  }, [code, urlToken, searchParams, navigate]);

  return <TripPage code={code} token={token} />;
}
