import { useState } from 'react';
import type { AdminProperty } from '@sas/domain';
import { Modal } from '@/components/modal';
import { useUpdateAdminProperty } from '../api/update-admin-property';
import './console-homes.css';

/**
 * Publishes or unpublishes a home. Unpublishing takes it off every public
 * page at once, so it asks first; publishing does not.
 */
export function PublishControl({ home }: { home: AdminProperty }) {
  const update = useUpdateAdminProperty(home.id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const setPublished = (published: boolean) => {
    setFailure(null);
    update.mutate(
      { published },
      {
        onSuccess: () => setConfirming(false),
        onError: (error) => {
          setConfirming(false);
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <section className="home-publish" aria-labelledby="home-publish-heading">
      <h2 id="home-publish-heading" className="visually-hidden">
        Publishing
      </h2>
      <p role="status">
        {home.published ? (
          <span className="homes-badge homes-badge--ok">Published</span>
        ) : (
          <span className="homes-badge homes-badge--off">Not published</span>
        )}
      </p>
      {home.published ? (
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          Unpublish
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={update.isPending}
          onClick={() => setPublished(true)}
        >
          {update.isPending ? 'Publishing...' : 'Publish'}
        </button>
      )}
      <div role="alert" className={failure ? 'console-error' : undefined}>
        {failure}
      </div>
      <Modal open={confirming} onOpenChange={setConfirming} title={`Unpublish ${home.name}?`} closeLabel="Cancel">
        <p>
          Guests will no longer find it in listings, search or the sitemap, and its page will answer “not found”. Staff
          can still open it. Existing bookings are kept.
        </p>
        <button
          type="button"
          className="button button--accent"
          disabled={update.isPending}
          onClick={() => setPublished(false)}
        >
          {update.isPending ? 'Unpublishing...' : 'Unpublish'}
        </button>
      </Modal>
    </section>
  );
}
