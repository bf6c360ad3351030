import type { Photo } from '@sas/domain';
import { ResponsivePhoto } from '@/components/responsive-photo';

/** Slides fill the page width, up to the 1240px container. */
export const slideSizes = '(max-width: 1240px) 100vw, 1240px';
const thumbnailSizes = '128px';

export function SlidePhoto({ photo, eager = false }: { photo: Photo; eager?: boolean }) {
  return <ResponsivePhoto photo={photo} sizes={slideSizes} eager={eager} className="content-slide__photo" />;
}

export function ThumbnailPhoto({ photo }: { photo: Photo }) {
  // The button names the slide; the picture repeats it, so it is decoration here.
  return <ResponsivePhoto photo={{ ...photo, alt: '' }} sizes={thumbnailSizes} className="content-thumbnail" />;
}
