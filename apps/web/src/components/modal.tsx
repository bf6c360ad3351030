import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible heading and the dialog's accessible name. */
  title: string;
  /** Hides the heading visually but keeps it as the accessible name. */
  hideTitle?: boolean;
  /** 'sheet' is a centred card; 'full' covers the viewport (full photo gallery). */
  variant?: 'sheet' | 'full';
  /** Label of the close button; the full gallery calls it 'Back'. */
  closeLabel?: string;
  children: ReactNode;
}

/**
 * Every modal of the site (SPEC.md: review, description, amenities, tour,
 * full gallery). Radix traps focus, closes on Escape and on a click outside,
 * locks page scrolling while open and gives focus back to the element that
 * opened it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  variant = 'sheet',
  closeLabel = 'Close',
  children,
}: ModalProps) {
  // Radix returns focus only to a Dialog.Trigger, and our modals are opened by
  // plain buttons through `open`. So the element focused at opening is kept
  // and focused again on close, unless it has left the page meanwhile.
  const returnFocusRef = useRef<HTMLElement | null>(null);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={`modal modal--${variant}`}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            // Runs before focus moves into the dialog: the opener still has it.
            returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const opener = returnFocusRef.current;
            returnFocusRef.current = null;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
        >
          <div className="modal__top">
            <Dialog.Title className={hideTitle ? 'visually-hidden' : 'modal__title'}>{title}</Dialog.Title>
            <Dialog.Close className="modal__close button button--secondary">{closeLabel}</Dialog.Close>
          </div>
          {/* Focusable so keyboard users can scroll a long body (a description, every amenity) that has no controls. */}
          <div className="modal__body" tabIndex={0}>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
