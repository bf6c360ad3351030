import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '@/components/link';
import type { AdminPhoto, AdminProperty } from '@sas/domain';
import { ChannelsSection } from '@/features/console/channels/components/channels-section';
import { adminHomesQueryKey } from '@/features/console/homes/api/get-admin-properties';
import { useAdminProperty } from '@/features/console/homes/api/get-admin-property';
import { HomeDetailsForm } from '@/features/console/homes/components/home-details-form';
import { PublishControl } from '@/features/console/homes/components/publish-control';
import { PhotoManager } from '@/features/console/photos/components/photo-manager';
import { DiscountsForm } from '@/features/console/promotions/components/discounts-form';
import { RatesEditor } from '@/features/console/rates/components/rates-editor';
import { TaxLinesEditor } from '@/features/console/rates/components/tax-lines-editor';
import { ExpensesSection } from '@/features/console/reports/components/expenses-section';
import { RequireRole } from '@/features/console/shared/components/require-role';
import { consoleRoles } from '@/features/console/shared/roles';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNotFound } from '@/lib/api-client';

function HomeEditor({ id }: { id: string }) {
  const home = useAdminProperty(id);
  const queryClient = useQueryClient();
  useDocumentTitle(home.data ? `Edit ${home.data.name}` : 'Edit home');

  if (home.isPending) return <p role="status">Loading the home...</p>;
  if (home.isError) {
    return (
      <>
        <h1>{isNotFound(home.error) ? 'Home not found' : 'Edit home'}</h1>
        <div role="alert" className="console-error">
          <p>
            {isNotFound(home.error)
              ? 'No home has this identifier.'
              : `We could not load the home. ${home.error.message}`}
          </p>
        </div>
        <Link to="/admin/homes">All homes</Link>
      </>
    );
  }

  const data = home.data;
  // Photos answered whole (order, alt text) go straight into the page; an upload or a delete reloads the home.
  const onPhotosChanged = (photos?: AdminPhoto[]) => {
    if (photos === undefined) {
      void queryClient.invalidateQueries({ queryKey: adminHomesQueryKey });
      return;
    }
    queryClient.setQueriesData<AdminProperty>({ queryKey: [...adminHomesQueryKey, 'detail'] }, (old) =>
      old?.id === data.id ? { ...old, photos } : old,
    );
  };

  return (
    <>
      <p>
        <Link to="/admin/homes">All homes</Link>
      </p>
      <h1>
        {data.name} <span className="console-muted">{data.propertyId}</span>
      </h1>
      <PublishControl home={data} />
      <nav aria-label="Sections of this home" className="console-button-row">
        <a href="#home-details-heading">Details</a>
        <a href="#home-photos-heading">Photos</a>
        <a href="#home-rates-heading">Rates</a>
        <a href="#home-taxes-heading">Taxes</a>
        <a href="#home-expenses-heading">Expenses</a>
        <a href="#home-discounts-heading">Discounts</a>
        <a href="#home-channels-heading">Channels</a>
      </nav>
      <section className="console-panel">
        <HomeDetailsForm key={data.id} home={data} />
      </section>
      <section className="console-panel" aria-labelledby="home-photos-heading">
        <h2 id="home-photos-heading">Photos</h2>
        <PhotoManager homeId={data.id} photos={data.photos} onChanged={onPhotosChanged} />
      </section>
      <section className="console-panel" aria-labelledby="home-rates-heading">
        <h2 id="home-rates-heading">Rates</h2>
        <RatesEditor homeId={data.id} />
      </section>
      <section className="console-panel" aria-labelledby="home-taxes-heading">
        <h2 id="home-taxes-heading">Lodging taxes</h2>
        <TaxLinesEditor homeId={data.id} />
      </section>
      <section className="console-panel" aria-labelledby="home-expenses-heading">
        <h2 id="home-expenses-heading">Expenses</h2>
        <ExpensesSection homeId={data.id} />
      </section>
      <section className="console-panel" aria-labelledby="home-discounts-heading">
        <h2 id="home-discounts-heading">Automatic discounts</h2>
        <DiscountsForm target={{ kind: 'home', id: data.id }} />
      </section>
      <section className="console-panel" aria-labelledby="home-channels-heading">
        <h2 id="home-channels-heading">Channels</h2>
        <ChannelsSection homeId={data.id} propertyId={data.propertyId} homeName={data.name} />
      </section>
    </>
  );
}

export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={consoleRoles.company} area="homes">
      <HomeEditor id={id} />
    </RequireRole>
  );
}
