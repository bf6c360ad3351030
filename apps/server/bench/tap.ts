// The first tap (issue 25): how long a guest's tap on a phone waits, from the
// page's load event on, until it has done what it should, under 4x CPU
// throttling (Chromium's own, as Lighthouse's mobile preset assumes), beside
// the blank page's.
//
// A finger lands on the control from the load event on, every 100 ms, through
// Chromium's own input (a touch, not a script's click), at the place where the
// page draws the control: a tap that lands before the page can answer it does
// nothing, as it would for a guest. The page itself notes when the first
// touch arrived (the input's own time stamp, taken when the finger landed even
// if the page was too busy to look at it) and when the tap's effect happened
// (the menu open, the stay in the address, the next page): the figure is the
// effect's moment minus the later of the load event and the first touch, so
// the bench's own round trips before its first tap do not count, and a page
// that ignores early taps is charged for every one.
//
// A control may work before the app does by being plain HTML (Reserve is a
// form): its tap then loads the next page. The moments are kept on the clock
// every page of the tab shares (time origin plus the page's own time) in the
// tab's session storage, so they survive that load, and the next page's
// effect counts from its first contentful paint, when the guest sees the page
// change (until then Chromium keeps showing the page that was tapped), not from
// its first line of HTML or a blank first frame.
//
// Each tap is set beside the blank page's of its kind: one that changes the
// page beside the blank page's button, one that loads a page beside the blank
// page's link to a heading in static HTML. What a loaded page costs any site
// (on this machine at 4x, Chromium's new page and document: 150-250 ms) is in
// both; what is left is the tapped page's and the next page's own work.
import { addDays } from '@sas/domain';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { blankNextPagePath } from './blank.js';
import { blankPageName, contentPages } from './pages.js';

export interface TapResult {
  page: string;
  tap: string;
  /** The tap loads another page (and is set beside the blank page's link, not its button). */
  loadsPage: boolean;
  /** Milliseconds from the load event, or the first touch after it, to the tap's effect (median of the runs); null if none within 20 s. */
  ms: number | null;
  runs: (number | null)[];
}

interface TapCase {
  page: string;
  tap: string;
  /** Its effect is another page: it counts to that page's first contentful paint. */
  loadsPage: boolean;
  path: string;
  /** Where the control is drawn (CSS selector), the first match. */
  selector: string;
  /** Before tapping: scroll to where the control is, as a guest would. */
  scrollTo?: string;
  /**
   * The control works from the server's HTML alone (the Menu, a native
   * disclosure): its place is taken from the page as the HTML draws it, before
   * the app could move anything (search scrolls to its results once hydrated).
   */
  inHtml?: boolean;
  /** In the page: true once the tap has done its work. */
  effect: string;
}

const cpuThrottling = 4;
const giveUpMs = 20_000;
const tapEveryMs = 100;
const viewport = { width: 375, height: 812 };

const menu = (page: string, path: string): TapCase => ({
  page,
  tap: 'Menu',
  loadsPage: false,
  path,
  inHtml: true,
  selector: 'summary.mobile-menu__toggle',
  effect: "document.querySelector('details.mobile-menu')?.open === true",
});

/**
 * Four nights the home can take, a month or more ahead, from its calendar: a
 * stay it cannot take has no price, and its page offers "Change dates" instead
 * of Reserve.
 */
async function freeStay(origin: string, slug: string): Promise<string> {
  const from = addDays(new Date().toISOString().slice(0, 10), 30);
  const to = addDays(from, 300);
  const response = await fetch(`${origin}/api/properties/${slug}/calendar?from=${from}&to=${to}`);
  if (!response.ok) throw new Error(`The calendar of ${slug} answered ${response.status}`);
  const taken = new Set(((await response.json()) as { unavailable: string[] }).unavailable);
  const nights = 4;
  for (let checkIn = from; checkIn < addDays(to, -nights); checkIn = addDays(checkIn, 1)) {
    if (Array.from({ length: nights }, (_, n) => addDays(checkIn, n)).every((night) => !taken.has(night))) {
      return `checkin=${checkIn}&checkout=${addDays(checkIn, nights)}&adults=2`;
    }
  }
  throw new Error(`${slug} has no ${nights} free nights in a row to reserve`);
}

async function cases(origin: string, blankPath: string | undefined): Promise<TapCase[]> {
  const [home] = (await (await fetch(`${origin}/api/properties/collection/luxury?page=0&size=1`)).json()) as {
    slug: string;
  }[];
  if (!home) throw new Error('No home to measure');
  const stay = await freeStay(origin, home.slug);
  return [
    ...(blankPath
      ? [
          {
            page: blankPageName,
            tap: 'Button',
            loadsPage: false,
            path: blankPath,
            selector: 'button',
            effect: "document.body.textContent.includes('Tapped')",
          },
          {
            page: blankPageName,
            tap: 'Link',
            loadsPage: true,
            path: blankPath,
            selector: 'a',
            effect: `location.pathname === ${JSON.stringify(blankNextPagePath)}`,
          },
        ]
      : []),
    menu('home', '/'),
    menu('collection', '/collections/properties?collection=luxury'),
    menu('property', `/property/${home.slug}`),
    menu('search', `/search?${stay}`),
    ...contentPages.map(({ name, path }) => menu(name, path)),
    {
      page: 'property',
      tap: 'calendar date',
      loadsPage: true,
      path: `/property/${home.slug}`,
      scrollTo: '#booking',
      selector: '.stay-calendar .rdp-day_button:not([disabled])',
      effect: "new URLSearchParams(location.search).has('checkin')",
    },
    {
      page: 'property',
      tap: 'Reserve',
      loadsPage: true,
      path: `/property/${home.slug}?${stay}`,
      selector: '.booking-summary__action',
      effect: "location.pathname === '/reservation'",
    },
  ];
}

/** Session storage keys of the moments, on the tab's shared clock (ms since the epoch). */
const moments = { touch: 'bench-tap:first-touch', effect: 'bench-tap:effect', started: 'bench-tap:started' };

/**
 * Notes when the first touch lands and when `effect` first holds: after any
 * change to the document or the address; on a page that the tap loaded, at
 * that page's first contentful paint.
 */
function recorder(effect: string): string {
  return `(() => {
    const store = sessionStorage;
    const at = (time) => String(performance.timeOrigin + time);
    const loadedByTap = store.getItem(${JSON.stringify(moments.started)}) !== null;
    store.setItem(${JSON.stringify(moments.started)}, '1');
    addEventListener('touchstart', (event) => {
      if (store.getItem(${JSON.stringify(moments.touch)}) === null) store.setItem(${JSON.stringify(moments.touch)}, at(event.timeStamp));
    }, { capture: true, passive: true });
    let seen = false;
    const note = (time) => {
      if (store.getItem(${JSON.stringify(moments.effect)}) === null) store.setItem(${JSON.stringify(moments.effect)}, at(time));
    };
    const check = () => {
      if (seen || !(${effect})) return;
      seen = true;
      if (!loadedByTap) return note(performance.now());
      new PerformanceObserver((list) => {
        const paint = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
        if (paint) note(paint.startTime);
      }).observe({ type: 'paint', buffered: true });
    };
    for (const name of ['pushState', 'replaceState']) {
      const original = history[name].bind(history);
      history[name] = (...args) => { const result = original(...args); check(); return result; };
    }
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  })()`;
}

/** Scrolls the element's top to the top of the screen (in the page, whose DOM types this package does not have). */
async function scrollToElement(page: Page, selector: string): Promise<void> {
  await page.evaluate(`document.querySelector(${JSON.stringify(selector)})?.scrollIntoView({ block: 'start' })`);
}

async function openPage(context: BrowserContext, url: string, scrollTo: string | undefined): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  if (scrollTo) await scrollToElement(page, scrollTo);
  return page;
}

/** Where the control is drawn once the page has settled, unthrottled (or by its HTML alone: inHtml). */
async function tapPoint(browser: Browser, origin: string, test: TapCase): Promise<{ x: number; y: number }> {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
  try {
    // The HTML as it draws before the app's code arrives: its script files are
    // refused. (Not JavaScript turned off: the page's <noscript> notice would
    // then sit above the header and move the Menu button down, where a finger
    // aimed at it would miss the real one.)
    if (test.inHtml) await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    const page = await openPage(context, `${origin}${test.path}`, test.scrollTo);
    const box = await page.locator(test.selector).first().boundingBox({ timeout: 20_000 });
    if (!box) throw new Error(`${test.page}: ${test.selector} is not drawn`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

async function measureOnce(
  browser: Browser,
  origin: string,
  test: TapCase,
  point: { x: number; y: number },
): Promise<number | null> {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(recorder(test.effect));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    await page.goto(`${origin}${test.path}`, { waitUntil: 'load' });
    // The load event on the tab's shared clock, before any tap can load another page.
    const loadEnd = await page.evaluate<number>(
      "performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventEnd",
    );
    if (test.scrollTo) await scrollToElement(page, test.scrollTo);
    const started = Date.now();
    while (Date.now() - started < giveUpMs) {
      // A tap or a reading while the tap's next page loads may find no page to talk to: the next round tries again.
      await page.touchscreen.tap(point.x, point.y).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, tapEveryMs));
      // Read on the tab's clock; the reading itself may wait for a busy page, which does not matter.
      const [effectAt, firstTouchAt] = await page
        .evaluate<[string | null, string | null]>(
          `[sessionStorage.getItem(${JSON.stringify(moments.effect)}), sessionStorage.getItem(${JSON.stringify(moments.touch)})]`,
        )
        .catch((): [null, null] => [null, null]);
      if (effectAt !== null) {
        return Math.max(0, Math.round(Number(effectAt) - Math.max(loadEnd, Number(firstTouchAt ?? loadEnd))));
      }
    }
    return null;
  } finally {
    await context.close();
  }
}

function median(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  const sorted = (values as number[]).slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

export async function measureTaps(
  origin: string,
  {
    runs = 3,
    blankPath,
    smoke = false,
    only,
  }: {
    runs?: number;
    blankPath?: string;
    /** Proves the part runs: the blank page and Menu on home (the full run measures every case). */
    smoke?: boolean;
    /** Only the taps on these pages (and the blank page's), by name: while tuning some. */
    only?: ReadonlySet<string>;
  },
): Promise<TapResult[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const results: TapResult[] = [];
  try {
    const all = await cases(origin, blankPath);
    const chosen = smoke
      ? all.filter((c) => c.page === blankPageName || (c.tap === 'Menu' && c.page === 'home'))
      : all.filter((c) => c.page === blankPageName || only === undefined || only.has(c.page));
    for (const test of chosen) {
      const point = await tapPoint(browser, origin, test);
      const measured: (number | null)[] = [];
      for (let run = 0; run < runs; run += 1) measured.push(await measureOnce(browser, origin, test, point));
      results.push({ page: test.page, tap: test.tap, loadsPage: test.loadsPage, ms: median(measured), runs: measured });
    }
  } finally {
    await browser.close();
  }
  return results;
}
