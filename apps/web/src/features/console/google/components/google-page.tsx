import { formatDollars, type AdminGoogle } from '@sas/domain';
import { QueryState } from '@/features/console/shared/components/query-state';
import { TableRegion } from '@/features/console/shared/components/table-region';
import { errorMessage } from '@/features/console/shared/format';
import { useGoogle, useRotateFeedToken } from '../api/google';
import './google.css';

function when(iso: string | undefined): string {
  return iso === undefined
    ? 'Never'
    : new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function FeedSection({ data }: { data: AdminGoogle }) {
  const rotate = useRotateFeedToken();
  return (
    <section aria-labelledby="google-feed" className="google-section">
      <h2 id="google-feed">Listing feed</h2>
      <p className="console-muted">
        Give Google this address; the token in it is the feed&apos;s only password. A new token stops the old address at
        once.
      </p>
      <p>
        <code className="google-feed-url" data-testid="feed-url">
          {data.listingsFeedUrl}
        </code>
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={rotate.isPending}
        onClick={() => {
          if (window.confirm('Make a new token? The current feed address stops working until Google has the new one.'))
            rotate.mutate();
        }}
      >
        New token
      </button>
      {rotate.isError && (
        <p role="alert" className="console-error">
          {errorMessage(rotate.error)}
        </p>
      )}
      {rotate.isSuccess && <p role="status">A new token is in force: update the feed address at Google.</p>}
    </section>
  );
}

function HomesSection({ data }: { data: AdminGoogle }) {
  const listed = data.homes.filter((home) => home.eligible).length;
  const pending = data.homes.reduce((sum, home) => sum + home.pending, 0);
  return (
    <section aria-labelledby="google-homes" className="google-section">
      <h2 id="google-homes">Homes</h2>
      <p>
        {listed} of {data.homes.length} homes are in the feed. {pending} changes wait to be sent.
        {data.pushing === false && ' Prices are not sent: GOOGLE_ARI_URL is not set.'}
      </p>
      <TableRegion label="Homes on Google">
        <table className="console-table">
          <caption>Homes on Google</caption>
          <thead>
            <tr>
              <th scope="col">Home</th>
              <th scope="col">In the feed</th>
              <th scope="col">Last push</th>
              <th scope="col">Waiting</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {data.homes.map((home) => (
              <tr key={home.propertyId}>
                <th scope="row">{home.propertyId}</th>
                <td>{home.eligible ? 'Yes' : `No: ${home.reason ?? ''}`}</td>
                <td>{when(home.lastPushAt)}</td>
                <td>{home.pending}</td>
                <td>
                  {[
                    home.heldBack && `Held back by the price check: ${home.heldBack}`,
                    home.failure && `Failed: ${home.failure}${home.retryAt ? ` (retry ${when(home.retryAt)})` : ''}`,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

function TwinSection({ data }: { data: AdminGoogle }) {
  const { twin } = data;
  return (
    <section aria-labelledby="google-twin" className="google-section">
      <h2 id="google-twin">Price check</h2>
      {twin === null ? (
        <p>The nightly price check has not run yet.</p>
      ) : (
        <>
          <p data-testid="twin-result">
            {when(twin.checkedAt)}: {twin.itineraries} stays compared, {twin.mismatches} where Google&apos;s price is
            not the site&apos;s.
          </p>
          {twin.examples && twin.examples.length > 0 && (
            <TableRegion label="Stays whose prices disagree">
              <table className="console-table">
                <caption>Stays whose prices disagree</caption>
                <thead>
                  <tr>
                    <th scope="col">Home</th>
                    <th scope="col">Dates</th>
                    <th scope="col">Google</th>
                    <th scope="col">Site</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {twin.examples.map((m) => (
                    <tr key={`${m.propertyId}-${m.checkIn}-${m.checkOut}`}>
                      <th scope="row">{m.propertyId}</th>
                      <td>
                        {m.checkIn} to {m.checkOut}
                      </td>
                      <td>{m.ariTotal === null ? 'Not offered' : formatDollars(m.ariTotal)}</td>
                      <td>{m.siteTotal === null ? 'Not sold' : formatDollars(m.siteTotal)}</td>
                      <td>{m.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
      )}
    </section>
  );
}

/** The console's Google Vacation Rentals page (issue 27). */
export function GooglePage() {
  const query = useGoogle();
  return (
    <QueryState query={query} loading="Loading Google…">
      {(data) => (
        <>
          <FeedSection data={data} />
          <HomesSection data={data} />
          <TwinSection data={data} />
        </>
      )}
    </QueryState>
  );
}
