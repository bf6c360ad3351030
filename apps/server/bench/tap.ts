// The first tap (issue 25): how long after a page's load event a guest's tap
// on a phone does what it should, under 4x CPU throttling (Chromium's own, as
// Lighthouse's mobile preset assumes), beside the blank page's. A tap that
// lands before the page can answer it does nothing, as it would for a guest:
// the bench taps again every 50 ms from the load event until one works, and
// reports when that one was made. Taps per page: the Menu everywhere; on a
// home's page a date in the calendar and Reserve too.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { blankPageName } from './pages.js';

export interface TapResult {
  page: string;
  tap: string;
  /** Milliseconds from the load event to the tap that worked (median of the runs); null if none did within 20 s. */
  ms: number | null;
  runs: (number | null)[];
}

interface TapCase {
  page: string;
  tap: string;
  path: string;
  /** Before tapping: e.g. scroll to where the control is, as a guest would. */
  prepare?: (page: Page) => Promise<void>;
  target: (page: Page) => Locator;
  worked: (page: Page) => Promise<boolean>;
}

const cpuThrottling = 4;
const giveUpMs = 20_000;
const tapEveryMs = 50;

const menuOpen = async (page: Page) => (await page.locator('details.mobile-menu').getAttribute('open')) !== null;
const menu = (page: string, path: string): TapCase => ({
  page,
  tap: 'Menu',
  path,
  target: (p) => p.locator('summary.mobile-menu__toggle'),
  worked: menuOpen,
});

async function cases(origin: string, blankPath: string | undefined): Promise<TapCase[]> {
  const [home] = (await (await fetch(`${origin}/api/properties/collection/luxury?page=0&size=1`)).json()) as {
    slug: string;
  }[];
  if (!home) throw new Error('No home to measure');
  const year = new Date().getUTCFullYear() + 1;
  const stay = `checkin=${year}-10-12&checkout=${year}-10-16&adults=2`;
  return [
    ...(blankPath
      ? [
          {
            page: blankPageName,
            tap: 'Button',
            path: blankPath,
            target: (p: Page) => p.getByRole('button', { name: 'Tap' }),
            worked: (p: Page) => p.getByText('Tapped').isVisible(),
          },
        ]
      : []),
    menu('home', '/'),
    menu('collection', '/collections/properties?collection=luxury'),
    menu('property', `/property/${home.slug}`),
    menu('search', `/search?${stay}`),
    {
      page: 'property',
      tap: 'calendar date',
      path: `/property/${home.slug}`,
      prepare: (p) => p.locator('#booking').scrollIntoViewIfNeeded(),
      target: (p) => p.locator('.stay-calendar button.rdp-day_button:not([disabled])').first(),
      worked: (p) => Promise.resolve(new URL(p.url()).searchParams.has('checkin')),
    },
    {
      page: 'property',
      tap: 'Reserve',
      path: `/property/${home.slug}?${stay}`,
      target: (p) => p.locator('.booking-summary').getByRole('button', { name: 'Reserve' }),
      worked: (p) => Promise.resolve(new URL(p.url()).pathname === '/reservation'),
    },
  ];
}

async function measureOnce(browser: Browser, origin: string, test: TapCase): Promise<number | null> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    await page.goto(`${origin}${test.path}`, { waitUntil: 'load' });
    // In the page, whose types this server-side package does not have.
    const loadedAt = Number(
      await page.evaluate("performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? performance.now()"),
    );
    await test.prepare?.(page);
    const target = test.target(page);
    for (;;) {
      const at = await page.evaluate(() => performance.now());
      if (at - loadedAt > giveUpMs) return null;
      // A finger on the control's place, as the screen shows it now: no waiting
      // for the control to be ready, which is what is being measured.
      const box = await target.boundingBox({ timeout: tapEveryMs }).catch(() => null);
      if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      if (await test.worked(page).catch(() => false)) return Math.max(0, Math.round(at - loadedAt));
      await page.waitForTimeout(tapEveryMs);
    }
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
  { runs = 3, blankPath }: { runs?: number; blankPath?: string },
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
    for (const test of await cases(origin, blankPath)) {
      const measured: (number | null)[] = [];
      for (let run = 0; run < runs; run += 1) measured.push(await measureOnce(browser, origin, test));
      results.push({ page: test.page, tap: test.tap, ms: median(measured), runs: measured });
    }
  } finally {
    await browser.close();
  }
  return results;
}
