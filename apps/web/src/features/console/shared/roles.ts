import type { SessionUser } from '@sas/domain';

export type Role = SessionUser['role'];
/** The roles the console lets in; a guest or cleaner account never sees it (cleaners have their own page). */
export type ConsoleRole = Exclude<Role, 'guest' | 'cleaner'>;

export function isConsoleRole(role: Role): role is ConsoleRole {
  return role !== 'guest' && role !== 'cleaner';
}

export interface ConsoleNavItem {
  to: string;
  label: string;
  /** Who sees the link. The server refuses the others anyway; this keeps them from dead ends. */
  roles: readonly ConsoleRole[];
  /** Active on the exact path only (the dashboard, at /admin itself). */
  end?: boolean;
}

const everyone = ['owner', 'staff', 'admin'] as const;
const company = ['staff', 'admin'] as const;
const adminOnly = ['admin'] as const;

/** Issue 14 "Who does what": owners see their calendars, reservations and statements only. */
export const consoleNav: readonly ConsoleNavItem[] = [
  { to: '/admin', label: 'Dashboard', roles: everyone, end: true },
  { to: '/admin/calendar', label: 'Calendar', roles: everyone },
  { to: '/admin/reservations', label: 'Reservations', roles: everyone },
  { to: '/admin/statements', label: 'Statements', roles: everyone },
  { to: '/admin/reports', label: 'Reports', roles: everyone },
  { to: '/admin/homes', label: 'Homes', roles: company },
  { to: '/admin/tasks', label: 'Tasks', roles: everyone },
  { to: '/admin/concierge', label: 'Concierge', roles: company },
  { to: '/admin/inquiries', label: 'Inquiries', roles: company },
  { to: '/admin/reviews', label: 'Reviews', roles: company },
  { to: '/admin/promotions', label: 'Promotions', roles: company },
  { to: '/admin/google', label: 'Google', roles: company },
  { to: '/admin/messages', label: 'Messages', roles: company },
  { to: '/admin/accounts', label: 'Accounts', roles: adminOnly },
  { to: '/admin/audit', label: 'Audit log', roles: adminOnly },
];

export function navFor(role: ConsoleRole): ConsoleNavItem[] {
  return consoleNav.filter((item) => item.roles.includes(role));
}

/** Role sets for RequireRole on the route modules. */
export const consoleRoles = { everyone, company, adminOnly } as const;
