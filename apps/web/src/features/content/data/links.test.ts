import { describe, expect, it } from 'vitest';
import { safeUrl, trustedHosts } from '@sas/domain';
import { promotions } from './concierge';
import { formLinks } from './form-links';
import { allPartnerLinks, conciergePartnerLinks, socialProfiles } from './links';

describe('partner links of the content pages', () => {
  it('all pass the allow-list unchanged', () => {
    const links = allPartnerLinks();
    expect(links.length).toBe(
      Object.keys(conciergePartnerLinks).length + Object.keys(formLinks).length + socialProfiles.length,
    );
    for (const link of links) expect(safeUrl(link, 'partner'), link).toBe(link);
  });

  it('give each of the six concierge promotions its own partner host', () => {
    expect(promotions.map((promotion) => promotion.title)).toEqual([
      'Meal Plans',
      'Wellness',
      'Experiences',
      'Ski Rentals',
      'Grocery Delivery',
      'Transport',
    ]);
    const hosts = promotions.map((promotion) => new URL(promotion.href).hostname);
    expect(new Set(hosts).size).toBe(6);
    for (const host of hosts) expect(trustedHosts.partner).toContain(host);
  });
});
