import * as Dialog from '@radix-ui/react-dialog';
import { NavLink } from '@/components/link';
import { primaryLinks, secondaryLinks } from './nav-links';

interface MobileMenuPanelProps {
  id: string;
  onClose: () => void;
  /** Where focus goes back to once the panel has closed. */
  returnFocus: () => void;
}

/**
 * The slide-in panel: a Radix dialog, so focus is trapped inside, Escape and
 * a click outside close it, and the page behind cannot scroll. Mounted only
 * while open; its code loads on the first open (see mobile-menu.tsx).
 */
export function MobileMenuPanel({ id, onClose, returnFocus }: MobileMenuPanelProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="mobile-menu__overlay" />
        <Dialog.Content
          id={id}
          className="mobile-menu"
          aria-describedby={undefined}
          data-testid="mobile-menu"
          onCloseAutoFocus={(event) => {
            // The Menu button lives outside this lazily loaded dialog, so Radix cannot find it itself.
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="mobile-menu__top">
            <Dialog.Title className="mobile-menu__title">Menu</Dialog.Title>
            <Dialog.Close className="mobile-menu__close">Close</Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="mobile-menu__links">
              {[...primaryLinks, ...secondaryLinks].map((link) => (
                <li key={link.to}>
                  {/* Closing here too: following the link of the current page is not a navigation. */}
                  <NavLink to={link.to} className="mobile-menu__link" onClick={onClose}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
