import { useId, useState } from 'react';
import { Link } from '@/components/link';
import type { AdminProperty } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { useAdminProperties } from '../api/get-admin-properties';
import './console-homes.css';

/** True when `query` is found, ignoring case, in the home's names or its propertyId. */
function matches(home: AdminProperty, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [home.name, home.public_name ?? '', home.propertyId].some((value) => value.toLowerCase().includes(needle));
}

/** Where a home's edit page is: /admin/homes/{propertyId}, readable and accepted by the API. */
export function homeEditPath(home: Pick<AdminProperty, 'propertyId'>): string {
  return `/admin/homes/${encodeURIComponent(home.propertyId)}`;
}

/** Every home the company runs, published or not, searchable by name or propertyId. */
export function HomesList() {
  const homes = useAdminProperties();
  const [query, setQuery] = useState('');
  const searchId = useId();

  if (homes.isPending) return <p role="status">Loading homes...</p>;
  if (homes.isError) {
    return (
      <div role="alert" className="console-error">
        <p>We could not load the homes. {homes.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void homes.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const shown = homes.data.filter((home) => matches(home, query));
  return (
    <div className="console-homes">
      <div className="field console-homes__search">
        <label htmlFor={searchId}>Search by name or property ID</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      <p role="status" className="console-muted">
        {shown.length === homes.data.length
          ? `${homes.data.length} homes`
          : `${shown.length} of ${homes.data.length} homes`}
      </p>
      {shown.length > 0 && (
        <TableRegion label="Homes">
          <table className="console-table">
            <caption>Homes, published or not</caption>
            <thead>
              <tr>
                <th scope="col">Home</th>
                <th scope="col">Property ID</th>
                <th scope="col">Location</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((home) => (
                <tr key={home.id}>
                  <th scope="row">
                    <Link to={homeEditPath(home)}>{home.name}</Link>
                    {home.public_name !== null && home.public_name !== home.name && (
                      <span className="console-homes__public-name">{home.public_name}</span>
                    )}
                  </th>
                  <td>{home.propertyId}</td>
                  <td>
                    {home.city}, {home.state}
                  </td>
                  <td>
                    {home.published ? (
                      <span className="homes-badge homes-badge--ok">Published</span>
                    ) : (
                      <span className="homes-badge homes-badge--off">Not published</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}
