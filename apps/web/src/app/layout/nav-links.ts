export interface NavLinkItem {
  to: string;
  label: string;
}

/** Left of the logo at desktop width. */
export const primaryLinks: readonly NavLinkItem[] = [
  { to: '/collections', label: 'Collections' },
  { to: '/concierge', label: 'Concierge' },
];

/** Right of the logo at desktop width. */
export const secondaryLinks: readonly NavLinkItem[] = [
  { to: '/policies', label: 'Policies' },
  { to: '/management', label: 'Management' },
  { to: '/about-us', label: 'About Us' },
];
