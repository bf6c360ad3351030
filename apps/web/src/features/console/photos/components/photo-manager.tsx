import type { AdminPhoto } from '@sas/domain';
import { uploadPhoto } from '../api/upload-photo';
import { PhotoList } from './photo-list';
import { PhotoUploader } from '../../shared/components/photo-uploader';
import './photos.css';

interface PhotoManagerProps {
  homeId: string;
  photos: AdminPhoto[];
  /** The home's photos changed: `photos` when the server answered the whole list, else reload the home. */
  onChanged: (photos?: AdminPhoto[]) => void;
}

/** The Photos section of a home: upload, order, alt text and delete. */
export function PhotoManager({ homeId, photos, onChanged }: PhotoManagerProps) {
  return (
    <div className="photo-manager">
      <PhotoUploader upload={(file, options) => uploadPhoto(homeId, file, options)} onUploaded={() => onChanged()} />
      <PhotoList homeId={homeId} photos={photos} onChanged={onChanged} />
    </div>
  );
}
