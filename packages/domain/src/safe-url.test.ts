import { describe, expect, it } from 'vitest';
import { iframeSrc, safeUrl, trustedHosts, trustedOrigins, withQuery } from './safe-url.js';

const tour = 'https://my.matterport.com/show/?m=SxQL3iGyoDo';
const frame = 'https://booking.summitandshore.example/widget/bear-den?lang=en';

describe('safeUrl', () => {
  it('accepts an https URL on a trusted host of its kind and returns the normalised href', () => {
    expect(safeUrl(tour, 'tour')).toBe(tour);
    expect(safeUrl(frame, 'bookingFrame')).toBe(frame);
    expect(safeUrl('  HTTPS://My.Matterport.COM/show/?m=1  ', 'tour')).toBe('https://my.matterport.com/show/?m=1');
    expect(safeUrl('https://my.matterport.com', 'tour')).toBe('https://my.matterport.com/');
    // 443 is the https default, so the URL is the same one without it.
    expect(safeUrl('https://my.matterport.com:443/show', 'tour')).toBe('https://my.matterport.com/show');
  });

  it('keeps each kind to its own hosts', () => {
    expect(safeUrl(tour, 'bookingFrame')).toBeNull();
    expect(safeUrl(frame, 'tour')).toBeNull();
    expect(safeUrl(tour, 'partner')).toBeNull();
  });

  it('rejects nothing-values', () => {
    expect(safeUrl(null, 'tour')).toBeNull();
    expect(safeUrl(undefined, 'tour')).toBeNull();
    expect(safeUrl('', 'tour')).toBeNull();
    expect(safeUrl('   ', 'tour')).toBeNull();
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: with a trusted host in it', 'javascript://my.matterport.com/%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['plain http', 'http://my.matterport.com/show/?m=1'],
    ['protocol-relative', '//my.matterport.com/show/?m=1'],
    ['relative path', '/show/?m=1'],
    ['scheme without slashes', 'https:my.matterport.com/show'],
    ['look-alike suffix', 'https://my.matterport.com.evil.test/show'],
    ['look-alike prefix', 'https://evilmy.matterport.com/show'],
    ['sibling subdomain', 'https://matterport.com/show'],
    ['deeper subdomain', 'https://x.my.matterport.com/show'],
    ['trailing dot', 'https://my.matterport.com./show'],
    ['userinfo', 'https://user:pass@my.matterport.com/show'],
    ['userinfo hiding the real host', 'https://my.matterport.com@evil.test/show'],
    ['other port', 'https://my.matterport.com:8443/show'],
    ['backslash trick', 'https://my.matterport.com\\@evil.test/'],
    ['embedded newline', 'https://my.matter\nport.com/show'],
    ['embedded tab', 'https://my.matterport.com\t.evil.test/'],
    ['IP address', 'https://127.0.0.1/'],
    ['unparseable', 'https://'],
    ['ftp', 'ftp://my.matterport.com/'],
  ])('rejects %s', (_label, raw) => {
    expect(safeUrl(raw, 'tour')).toBeNull();
  });

  it('rejects absurdly long values', () => {
    expect(safeUrl(`${tour}&x=${'a'.repeat(3000)}`, 'tour')).toBeNull();
  });

  it('reduces an iframe embed code to its src for tours and booking frames', () => {
    const snippet = `<iframe width="853" height="480" src="${tour}&amp;play=1" frameborder="0" allowfullscreen allow="xr-spatial-tracking"></iframe>`;
    expect(safeUrl(snippet, 'tour')).toBe(`${tour}&play=1`);
    expect(safeUrl(`<iframe src='${frame}' style="height:650px"></iframe>`, 'bookingFrame')).toBe(frame);
    expect(safeUrl(`<IFRAME SRC=${frame}></IFRAME>`, 'bookingFrame')).toBe(frame);
  });

  it('applies the allow-list to the src of an embed code', () => {
    expect(safeUrl('<iframe src="https://evil.test/x"></iframe>', 'tour')).toBeNull();
    expect(safeUrl('<iframe src="javascript:alert(1)"></iframe>', 'tour')).toBeNull();
    expect(safeUrl('<iframe srcdoc="<p>hi</p>"></iframe>', 'tour')).toBeNull();
    expect(safeUrl('<script src="https://my.matterport.com/x.js"></script>', 'tour')).toBeNull();
  });

  it('takes no embed codes for partner links', () => {
    expect(safeUrl(`<iframe src="${tour}"></iframe>`, 'partner')).toBeNull();
  });

  it('accepts only the listed partner hosts', () => {
    expect(trustedHosts.partner).toContain('www.summitshuttle.example');
    expect(safeUrl('https://www.summitshuttle.example/book', 'partner')).toBe('https://www.summitshuttle.example/book');
    expect(safeUrl('https://example.com/', 'partner')).toBeNull();
    expect(safeUrl('https://www.summitshuttle.example.evil.test/', 'partner')).toBeNull();
  });
});

describe('iframeSrc', () => {
  it('reads double-quoted, single-quoted and unquoted values', () => {
    expect(iframeSrc('<iframe src="https://a.test/x"></iframe>')).toBe('https://a.test/x');
    expect(iframeSrc("<iframe src='https://a.test/x'></iframe>")).toBe('https://a.test/x');
    expect(iframeSrc('<iframe src=https://a.test/x></iframe>')).toBe('https://a.test/x');
    expect(iframeSrc('<iframe\n  class="tour"\n  src = "https://a.test/x"\n/>')).toBe('https://a.test/x');
  });

  it('decodes character references in the value', () => {
    expect(iframeSrc('<iframe src="https://a.test/?a=1&amp;b=2&#38;c=3&#x26;d=4"></iframe>')).toBe(
      'https://a.test/?a=1&b=2&c=3&d=4',
    );
  });

  it('is not fooled by "src" inside another attribute or in a longer name', () => {
    expect(iframeSrc('<iframe title="x src=https://evil.test" src="https://a.test/"></iframe>')).toBe(
      'https://a.test/',
    );
    expect(iframeSrc('<iframe data-src="https://evil.test" src="https://a.test/"></iframe>')).toBe('https://a.test/');
  });

  it('keeps the first src when the attribute is repeated, as browsers do', () => {
    expect(iframeSrc('<iframe src="https://a.test/" src="https://evil.test/"></iframe>')).toBe('https://a.test/');
  });

  it('finds nothing without an iframe or a src', () => {
    expect(iframeSrc('<iframe width="1"></iframe>')).toBeNull();
    expect(iframeSrc('<iframes src="https://a.test/">')).toBeNull();
    expect(iframeSrc('<img src="https://a.test/">')).toBeNull();
    expect(iframeSrc('https://a.test/')).toBeNull();
  });
});

describe('withQuery', () => {
  it('adds the booking query values and skips undefined ones', () => {
    const url = withQuery(frame, {
      checkin: '2025-07-01',
      checkout: '2025-07-05',
      adults: '2',
      children: '1',
      infants: '0',
      pets: undefined,
    });
    expect(url).toBe(
      'https://booking.summitandshore.example/widget/bear-den?lang=en&checkin=2025-07-01&checkout=2025-07-05&adults=2&children=1&infants=0',
    );
  });

  it('replaces a value already present, keeps the hash and encodes values', () => {
    const url = withQuery('https://booking.summitandshore.example/w?adults=1#top', { adults: '3', note: 'a&b c' });
    expect(url).toBe('https://booking.summitandshore.example/w?adults=3&note=a%26b+c#top');
  });

  it('refuses a relative URL', () => {
    expect(() => withQuery('/w', { adults: '1' })).toThrow(TypeError);
  });
});

describe('trustedOrigins', () => {
  it('lists https origins of a kind', () => {
    expect(trustedOrigins('tour')).toEqual(['https://my.matterport.com']);
    expect(trustedOrigins('bookingFrame')).toEqual(['https://booking.summitandshore.example']);
    expect(trustedOrigins('map')).toEqual(['https://www.google.com', 'https://www.openstreetmap.org']);
  });

  it('accepts exactly the origins it lists', () => {
    for (const kind of ['tour', 'bookingFrame'] as const) {
      for (const origin of trustedOrigins(kind)) expect(safeUrl(`${origin}/x`, kind)).toBe(`${origin}/x`);
    }
  });
});
