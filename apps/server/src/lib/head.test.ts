import type { PageMeta } from '@sas/domain';
import { describe, expect, it } from 'vitest';
import { escapeHtml, injectPageMeta, renderHeadTags } from './head.js';

const meta: PageMeta = {
  title: 'Bear Den | Summit & Shore',
  description: 'A "cozy" <cabin>',
  canonical: 'https://x.example/property/bear-den?a=1&b=2',
  type: 'website',
  jsonLd: { '@type': 'VacationRental', name: '</script><script>alert(1)</script>' },
};

describe('escapeHtml', () => {
  it('escapes everything that could end text or an attribute value', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderHeadTags', () => {
  it('renders escaped, marked tags and a script block that cannot be closed early', () => {
    const html = renderHeadTags(meta);
    expect(html).toContain('<title data-page-meta>Bear Den | Summit &amp; Shore</title>');
    expect(html).toContain('<meta name="description" content="A &quot;cozy&quot; &lt;cabin&gt;" data-page-meta>');
    expect(html).toContain(
      '<link rel="canonical" href="https://x.example/property/bear-den?a=1&amp;b=2" data-page-meta>',
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('injectPageMeta', () => {
  const doc = `<!doctype html><html><head>
<meta charset="utf-8">
<meta name="description" content="Built description">
<META NAME='robots' content='index'>
<link rel="canonical" href="https://old.example/">
<title>Built title</title>
<script type="module" src="/assets/app.js"></script>
</head><body><title>not in head</title></body></html>`;

  it("replaces the document's title, description, robots and canonical tags, leaving the rest", () => {
    const html = injectPageMeta(doc, meta);
    expect(html).not.toContain('Built title');
    expect(html).not.toContain('Built description');
    expect(html).not.toContain("content='index'");
    expect(html).not.toContain('old.example');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('<body><title>not in head</title></body>');
    expect(html.indexOf('<title data-page-meta>')).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/<title/g)).toHaveLength(2);
  });

  it('leaves a document without a head alone', () => {
    expect(injectPageMeta('<p>hi</p>', meta)).toBe('<p>hi</p>');
  });
});
