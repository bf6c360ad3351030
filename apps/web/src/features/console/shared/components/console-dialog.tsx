import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import '@/components/modal.css';

interface ConsoleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Label of the button that closes without acting. */
  closeLabel?: string;
  /**
   * Where focus goes on closing when the button that opened the dialog is
   * gone (the row of a removed block): a heading or status line of the page.
   */
  fallbackFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A confirmation in the console: Radix traps focus inside, closes on Escape,
 * and focus returns to the opener, or to `fallbackFocus` when the action
 * removed the opener from the page.
 */
export function ConsoleDialog({
  open,
  onOpenChange,
  title,
  closeLabel = 'Close',
  fallbackFocus,
  children,
}: ConsoleDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className="modal modal--sheet"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected ? opener.current : fallbackFocus?.current;
            opener.current = null;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="modal__top">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="modal__close button button--secondary">{closeLabel}</Dialog.Close>
          </div>
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
