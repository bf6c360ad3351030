import { Modal } from '@/components/modal';
import './virtual-tour.css';

interface VirtualTourModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Already checked with safeUrl(…, 'tour'); never a raw value from the data. */
  tourUrl: string;
  homeName: string;
}

/**
 * The 3D tour in a full-screen dialog. Loaded with the first click on
 * 'Explore Our Virtual Tour' (see photo-gallery.tsx), and the frame only
 * exists while the dialog is open, so a tour costs nothing until asked for.
 */
export function VirtualTourModal({ open, onOpenChange, tourUrl, homeName }: VirtualTourModalProps) {
  const title = `Virtual tour of ${homeName}`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} variant="full">
      <iframe
        className="virtual-tour__frame"
        src={tourUrl}
        title={title}
        allowFullScreen
        // The tour host needs its own scripts and storage; it gets nothing of ours.
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </Modal>
  );
}
