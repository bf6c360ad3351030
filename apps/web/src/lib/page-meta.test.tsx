import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { propertyPageMeta } from '@sas/domain';
import { createPropertyDetails } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { applyPageMeta } from './page-meta';

const origin = window.location.origin;

function head() {
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
  const jsonLd = document.head.querySelectorAll('script[type="application/ld+json"]');
  return {
    titles: document.head.querySelectorAll('title').length,
    title: document.title,
    descriptions: document.head.querySelectorAll('meta[name="description"]').length,
    description: content('meta[name="description"]'),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: content('meta[name="robots"]'),
    ogTitle: content('meta[property="og:title"]'),
    ogImage: content('meta[property="og:image"]'),
    jsonLdCount: jsonLd.length,
    jsonLd: jsonLd[0] ? (JSON.parse(jsonLd[0].textContent) as Record<string, unknown>) : null,
  };
}

beforeEach(() => {
  // What index.html carries before any page has set its own metadata.
  document.head.innerHTML = '<title>Summit &amp; Shore</title><meta name="description" content="Site description">';
});

describe('applyPageMeta', () => {
  it("replaces the server's tags with the page's, leaving one of each", () => {
    document.head.innerHTML = [
      '<meta charset="utf-8">',
      '<title data-page-meta>Old Home | Summit &amp; Shore</title>',
      '<meta name="description" content="Old description" data-page-meta>',
      '<link rel="canonical" href="https://example.test/property/old-home" data-page-meta>',
      '<meta property="og:image" content="https://example.test/media/social/old-home.jpg" data-page-meta>',
      '<script type="application/ld+json" data-page-meta>{"name":"Old Home"}</script>',
      '<link rel="icon" href="/favicon.svg">',
    ].join('');
    const home = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge' });
    const meta = propertyPageMeta(home, origin);

    applyPageMeta(meta);

    expect(head()).toMatchObject({
      titles: 1,
      title: 'Bear Den Lodge | Summit & Shore',
      descriptions: 1,
      description: meta.description,
      canonical: `${origin}/property/bear-den-lodge`,
      ogTitle: 'Bear Den Lodge | Summit & Shore',
      ogImage: `${origin}/media/social/bear-den-lodge.jpg`,
      jsonLdCount: 1,
      jsonLd: meta.jsonLd,
    });
    // Tags that are not page metadata stay.
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
    for (const element of document.head.querySelectorAll('meta[name], meta[property], link[rel="canonical"], script')) {
      expect(element).toHaveAttribute('data-page-meta');
    }
  });
});

describe('page metadata on navigation', () => {
  it("follows the visitor from home to home and drops a home's tags on leaving it", async () => {
    const first = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge' });
    const second = createPropertyDetails({ public_name: 'Lakeside Cottage', slug: 'lakeside-cottage' });
    stubFetch({
      'GET /api/properties/search/bear-den-lodge': () => json(first),
      'GET /api/properties/search/lakeside-cottage': () => json(second),
    });
    const { history } = renderApp('/property/bear-den-lodge');

    await waitFor(() => expect(head().canonical).toBe(`${origin}/property/bear-den-lodge`));
    expect(head()).toMatchObject({ title: 'Bear Den Lodge | Summit & Shore', descriptions: 1, jsonLdCount: 1 });
    expect(head().jsonLd).toMatchObject({ '@type': 'VacationRental', name: 'Bear Den Lodge' });

    act(() => history.push('/property/lakeside-cottage'));
    await waitFor(() => expect(head().canonical).toBe(`${origin}/property/lakeside-cottage`));
    expect(head()).toMatchObject({
      titles: 1,
      title: 'Lakeside Cottage | Summit & Shore',
      descriptions: 1,
      ogTitle: 'Lakeside Cottage | Summit & Shore',
      jsonLdCount: 1,
    });
    expect(head().jsonLd).toMatchObject({ name: 'Lakeside Cottage' });

    act(() => history.push('/no-such-page'));
    await waitFor(() => expect(head().title).toBe('Page not found | Summit & Shore'));
    await waitFor(() => expect(head().jsonLdCount).toBe(0));
    expect(head()).toMatchObject({ canonical: null, ogImage: null, descriptions: 1 });
  });

  it('marks a missing home noindex, without a canonical URL', async () => {
    stubFetch({
      'GET /api/properties/search/gone-home': () => json({ message: 'Property not found' }, { status: 404 }),
    });
    renderApp('/property/gone-home');

    await waitFor(() => expect(head().robots).toBe('noindex'));
    expect(head()).toMatchObject({ title: 'Property Not Found | Summit & Shore', canonical: null, jsonLdCount: 0 });
  });
});
