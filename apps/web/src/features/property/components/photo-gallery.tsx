import { Suspense, useState } from 'react';
import { mainPhotoSizes, propertyDisplayName, safeUrl, type PropertyDetails } from '@sas/domain';
import { lazyPart, PartBoundary } from '@/components/lazy-part';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ResponsivePhoto } from '@/components/responsive-photo';
import './photo-gallery.css';

// The carousel (Embla) and the dialogs are only needed once the visitor asks
// for them: their code stays out of the property page's first download.
const loadFullGallery = () => import('./gallery/full-gallery');
const FullGallery = lazyPart(() => loadFullGallery().then((module) => module.FullGallery));
const loadVirtualTour = () => import('./virtual-tour');
const VirtualTourModal = lazyPart(() => loadVirtualTour().then((module) => module.VirtualTourModal));

/** Thumbnails beside the main photo (SPEC.md section 2). */
export const thumbnailCount = 4;

// How wide each photo is drawn (photo-gallery.css). The main photo's value is
// shared with the server, which may preload that photo (mainPhotoPreload).
const thumbnailSizes = '(max-width: 1240px) 25vw, 310px';

interface GalleryState {
  open: boolean;
  index: number;
}

/**
 * The main photo, four thumbnails and 'Show all N photos'. Any of them opens
 * the full gallery at that photo. A trusted virtual tour gets its button on
 * the main photo.
 */
export function PhotoGallery({ property }: { property: PropertyDetails }) {
  const photos = property.photos;
  const homeName = propertyDisplayName(property);
  // null until first opened: the dialog's code is fetched at that moment and
  // the dialog then stays mounted, so closing and reopening is instant.
  const [gallery, setGallery] = useState<GalleryState | null>(null);
  const [tourOpen, setTourOpen] = useState<boolean | null>(null);

  // Only an allow-listed https tour host may be framed (DESIGN.md). A home
  // without a tour, or whose tour URL fails the check (a tour we cannot show
  // safely), gets SPEC.md's 'Virtual Tour Coming Soon' note in place of the button.
  const tourUrl = safeUrl(property.matterportUrl, 'tour');

  if (photos.length === 0) {
    return (
      <section className="photo-gallery" aria-label="Photos">
        <div className="photo-gallery__empty">
          <p>No images available</p>
        </div>
      </section>
    );
  }

  const main = photos[0] ?? null;
  const thumbnails = photos.slice(1, 1 + thumbnailCount);
  const count = photos.length;
  const openAt = (index: number) => setGallery({ open: true, index });
  const preloadGallery = () => void loadFullGallery();
  const preloadTour = () => void loadVirtualTour();

  return (
    <section className="photo-gallery" aria-label="Photos">
      <div className={`photo-gallery__grid photo-gallery__grid--${thumbnails.length}`}>
        <div className="photo-gallery__main">
          <button
            type="button"
            className="photo-gallery__photo-button"
            aria-label={`Open photo 1 of ${count}: ${main?.alt ?? ''}`}
            onClick={() => openAt(0)}
            onPointerEnter={preloadGallery}
            onFocus={preloadGallery}
          >
            {/* The largest image above the fold: fetched first, at high priority. */}
            <ResponsivePhoto photo={main} className="photo-gallery__photo" sizes={mainPhotoSizes} eager />
          </button>
          {tourUrl !== null && (
            <button
              type="button"
              className="photo-gallery__tour button button--accent"
              onClick={() => setTourOpen(true)}
              onPointerEnter={preloadTour}
              onFocus={preloadTour}
            >
              Explore Our Virtual Tour
            </button>
          )}
          {tourUrl === null && <p className="photo-gallery__tour photo-gallery__tour--pending">Virtual Tour Coming Soon</p>}
        </div>
        {thumbnails.map((photo, offset) => {
          const index = offset + 1;
          return (
            <button
              key={photo.key}
              type="button"
              className="photo-gallery__thumbnail"
              aria-label={`Open photo ${index + 1} of ${count}: ${photo.alt}`}
              onClick={() => openAt(index)}
              onPointerEnter={preloadGallery}
              onFocus={preloadGallery}
            >
              {/* Beside the main photo on every screen, they wait for it rather than share its bandwidth. */}
              <ResponsivePhoto photo={photo} className="photo-gallery__photo" sizes={thumbnailSizes} lowPriority />
            </button>
          );
        })}
      </div>
      {count > 1 && (
        <button
          type="button"
          className="photo-gallery__show-all button button--secondary"
          onClick={() => openAt(0)}
          onPointerEnter={preloadGallery}
          onFocus={preloadGallery}
        >
          Show all {count} photos
        </button>
      )}

      {gallery !== null && (
        <PartBoundary label="the gallery">
          <Suspense fallback={<LoadingOverlay />}>
            <FullGallery
              open={gallery.open}
              onOpenChange={(open) => setGallery({ ...gallery, open })}
              photos={photos}
              startIndex={gallery.index}
              homeName={homeName}
            />
          </Suspense>
        </PartBoundary>
      )}
      {tourUrl !== null && tourOpen !== null && (
        <PartBoundary label="the virtual tour">
          <Suspense fallback={<LoadingOverlay />}>
            <VirtualTourModal open={tourOpen} onOpenChange={setTourOpen} tourUrl={tourUrl} homeName={homeName} />
          </Suspense>
        </PartBoundary>
      )}
    </section>
  );
}
