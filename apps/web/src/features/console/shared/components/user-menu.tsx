import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import type { SessionUser } from '@/lib/session';
import type { ConsoleRole } from '../roles';
import { securityPath } from '../totp-setup-redirect';

export const roleNames = { owner: 'Owner', staff: 'Staff', admin: 'Administrator' } as const;

interface UserMenuProps {
  user: SessionUser;
  role: ConsoleRole;
  /** Signs out and goes to the sign-in page (the auth feature's, handed down by the route). */
  signOut: () => void;
}

/**
 * The signed-in user's menu in the console's top bar: who they are and their
 * role, their sign-in security, the public site, and signing out. A
 * disclosure: Escape, a click elsewhere or going to another page closes it.
 */
export function UserMenu({ user, role, signOut }: UserMenuProps) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  function close(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpenOn(null);
    button.current?.focus();
  }

  function leave(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpenOn(null);
  }

  return (
    <div className="user-menu" onKeyDown={close} onBlur={leave}>
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className="user-menu__name">{name}</span> <span className="user-menu__role">{roleNames[role]}</span>
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__who">
          <span className="user-menu__who-name">{name}</span>
          <span>{roleNames[role]}</span>
          <span className="user-menu__email">{user.email}</span>
        </p>
        <ul className="user-menu__list">
          <li>
            <Link to={securityPath} className="user-menu__item">
              Account security
            </Link>
          </li>
          <li>
            <Link to="/" className="user-menu__item">
              Public site
            </Link>
          </li>
          <li>
            <button type="button" className="user-menu__item" onClick={signOut}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
