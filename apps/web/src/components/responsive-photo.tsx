import { useState } from 'react';
import { photoSrcSet, photoUrl, type Photo } from '@sas/domain';
import './responsive-photo.css';

interface ResponsivePhotoProps {
  photo: Photo | null;
  /** The `sizes` hint: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above-the-fold images load at once; everything else waits until scrolled near. */
  eager?: boolean;
  /**
   * Shown at once but not what the visitor looks at first (a gallery's
   * thumbnails beside its main photo): fetched after the eager photos.
   */
  lowPriority?: boolean;
  className?: string;
}

/**
 * AVIF with a WebP fallback at every stored width. Width and height come from
 * the photo so the browser reserves the space before it loads (no layout shift).
 */
export function ResponsivePhoto({ photo, sizes, eager = false, lowPriority = false, className }: ResponsivePhotoProps) {
  const [broken, setBroken] = useState(false);
  const classes = ['responsive-photo', className].filter(Boolean).join(' ');

  if (photo === null) {
    return (
      <div className={`${classes} responsive-photo--missing`}>
        <span>No images available</span>
      </div>
    );
  }

  if (broken) {
    // A file that fails to load still says what it showed, in the space it would have had.
    return (
      <div className={`${classes} responsive-photo--missing`} role="img" aria-label={photo.alt}>
        <span aria-hidden="true">{photo.alt}</span>
      </div>
    );
  }

  return (
    <picture className={classes}>
      <source type="image/avif" srcSet={photoSrcSet(photo.key, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo.key, 'webp')} sizes={sizes} />
      <img
        src={photoUrl(photo.key, 960)}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : lowPriority ? 'low' : 'auto'}
        decoding="async"
        onError={() => setBroken(true)}
      />
    </picture>
  );
}
