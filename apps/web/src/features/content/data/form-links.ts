// Our own external forms. Apart from links.ts because the banner on every
// page links to the guest services form, and the first download of every
// page should carry only that, not the partner list.
export const formLinks = {
  rentalProjection: 'https://forms.summitandshore.example/rental-projection',
  guestServices: 'https://forms.summitandshore.example/guest-services',
} as const;
