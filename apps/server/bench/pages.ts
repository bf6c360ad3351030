// Lighthouse on the pages a guest sees first, and on the blank page their paint
// times are measured against (ADR 011), in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';

export type Preset = 'mobile' | 'desktop';

export interface PageResult {
  name: string;
  url: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  imageKb: number;
  /** Performance score of every run, when the page was measured more than once. */
  runs?: number[];
  /** First and largest contentful paint as a multiple of the blank page's (same preset). */
  fcpToBlank?: number;
  lcpToBlank?: number;
}

/** The name of the blank page among the results (ADR 011). */
export const blankPageName = 'blank';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function pagesToMeasure(origin: string, blankPath: string | undefined): Promise<{ name: string; url: string }[]> {
  const [home] = (await (await fetch(`${origin}/api/properties/collection/luxury?page=0&size=1`)).json()) as {
    slug: string;
  }[];
  if (!home) throw new Error('No home to measure');
  const year = new Date().getUTCFullYear() + 1;
  return [
    // React and one heading, sent by the same server: the floor of the ratios.
    ...(blankPath ? [{ name: blankPageName, url: `${origin}${blankPath}` }] : []),
    { name: 'home', url: `${origin}/` },
    { name: 'collection', url: `${origin}/collections/properties?collection=luxury` },
    { name: 'property', url: `${origin}/property/${home.slug}` },
    // Four nights in mid-October next year, outside the seeded seasons, as the API bench uses.
    { name: 'search', url: `${origin}/search?checkIn=${year}-10-12&checkOut=${year}-10-16&adults=2` },
    // The content pages and the rental agreement: server-rendered too, and a guest's first tap may land there.
    ...contentPages.map(({ name, path }) => ({ name, url: `${origin}${path}` })),
  ];
}

/** The server-rendered pages of text (ADR 013) and the rental agreement, by the names the bench reports. */
export const contentPages = [
  { name: 'about', path: '/about-us' },
  { name: 'concierge', path: '/concierge' },
  { name: 'management', path: '/management' },
  { name: 'policies', path: '/policies' },
  { name: 'rental-agreement', path: '/rental-agreement' },
] as const;

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

function transferKb(items: unknown, resourceType: string): number {
  if (!Array.isArray(items)) return 0;
  const row = (items as { resourceType?: string; transferSize?: number }[]).find(
    (i) => i.resourceType === resourceType,
  );
  return Math.round(((row?.transferSize ?? 0) / 1024) * 10) / 10;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('No Lighthouse run to take the median of');
  return middle;
}

/**
 * The run with the median performance score, with each timing the median of
 * its own over the runs. Lighthouse's own guidance: one run varies by several
 * points on a shared machine, the median of a few does not.
 */
function medianRun(runs: PageResult[]): PageResult {
  const score = median(runs.map((r) => r.performance));
  const run = runs.find((r) => r.performance === score);
  if (!run) throw new Error('No Lighthouse run to take the median of');
  return {
    ...run,
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    // Layout shift is a defect, not noise: the worst run counts.
    cls: Math.max(...runs.map((r) => r.cls)),
    runs: runs.map((r) => r.performance),
  };
}

const ratio = (value: number, floor: number): number => Math.round((value / Math.max(floor, 1)) * 100) / 100;

/** Each page's paint times as a multiple of the blank page's under the same preset. */
function withBlankRatios(results: PageResult[]): PageResult[] {
  return results.map((page) => {
    const blank = results.find((r) => r.name === blankPageName && r.preset === page.preset);
    if (!blank || page === blank) return page;
    return { ...page, fcpToBlank: ratio(page.fcpMs, blank.fcpMs), lcpToBlank: ratio(page.lcpMs, blank.lcpMs) };
  });
}

export async function measurePages(
  origin: string,
  {
    presets,
    runs = 1,
    blankPath,
    smoke = false,
    only,
  }: {
    presets: Preset[];
    runs?: number;
    blankPath?: string;
    /** Proves the part runs: the blank page and the home page, with no warm-up load. */
    smoke?: boolean;
    /** Only these pages (and the blank page), by name: while tuning some. */
    only?: ReadonlySet<string>;
  },
): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  const results: PageResult[] = [];
  try {
    const all = await pagesToMeasure(origin, blankPath);
    const wanted = smoke ? new Set(['home']) : only;
    const pages = wanted ? all.filter((p) => p.name === blankPageName || wanted.has(p.name)) : all;
    // One unrecorded load first, so neither the blank page nor the first page
    // measured pays for a browser that has not loaded anything yet.
    if (pages[0] && !smoke) await lighthouse(pages[0].url, { port: chrome.port, output: 'json', logLevel: 'error' });
    for (const page of pages) {
      for (const preset of presets) {
        const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
        const measured: PageResult[] = [];
        let failures = 0;
        while (measured.length < runs) {
          const run = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
          if (!run) throw new Error(`Lighthouse returned nothing for ${page.url}`);
          const { categories, audits, runtimeError } = run.lhr;
          // A run that failed (no paint recorded, a crashed tab, Lighthouse's own
          // NO_NAVSTART trace hiccup) has no score: it is measured again rather than
          // counted as 0, and too many failures stop the bench. Two spare attempts
          // on top of the runs, so one hiccup cannot fail CI's single-run smoke test.
          if (runtimeError || typeof categories.performance?.score !== 'number') {
            failures += 1;
            console.warn(`Lighthouse run failed on ${page.url} (${preset}): ${runtimeError?.message ?? 'no score'}`);
            if (failures > runs + 2) throw new Error(`Lighthouse failed ${failures} times on ${page.url} (${preset})`);
            continue;
          }
          measured.push({
            ...page,
            preset,
            performance: score(categories.performance?.score),
            accessibility: score(categories.accessibility?.score),
            bestPractices: score(categories['best-practices']?.score),
            seo: score(categories.seo?.score),
            fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
            lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
            cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
            tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
            jsKb: transferKb(
              audits['resource-summary']?.details && 'items' in audits['resource-summary'].details
                ? audits['resource-summary'].details.items
                : [],
              'script',
            ),
            imageKb: transferKb(
              audits['resource-summary']?.details && 'items' in audits['resource-summary'].details
                ? audits['resource-summary'].details.items
                : [],
              'image',
            ),
          });
        }
        results.push(medianRun(measured));
      }
    }
  } finally {
    chrome.kill();
  }
  return withBlankRatios(results);
}
