import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Card {
  propertyId: string;
  slug: string;
  name: string;
  public_name: string | null;
}

interface Details extends Card {
  photos: unknown[];
  reviews: number;
  rating: number | null;
  matterportUrl: string | null;
}

// Seeded homes (packages/db/src/seed): SAS-1014 has a Matterport tour, 12
// reviews, 27 amenities and a long description; SAS-1005 has no reviews.
const tourHome = 'chateau-elan-ski-in-ski-out';
const tourHomeName = 'Château Élan – Ski-in/Ski-out';

async function slugOf(page: Page, collection: string, propertyId: string): Promise<string> {
  const response = await page.request.get(`/api/properties/collection/${collection}`);
  const home = ((await response.json()) as Card[]).find((card) => card.propertyId === propertyId);
  expect(home, `${propertyId} in the ${collection} collection`).toBeDefined();
  return home!.slug;
}

async function details(page: Page, slug: string): Promise<Details> {
  return (await (await page.request.get(`/api/properties/search/${slug}`)).json()) as Details;
}

async function openHome(page: Page, slug: string, name: string): Promise<void> {
  await page.goto(`/property/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Scrolls until every section that loads when scrolled near has filled in. */
async function loadEverySection(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

function galleryCounter(page: Page): Locator {
  return page.getByRole('dialog').getByTestId('gallery-counter');
}

/**
 * Focus is inside `dialog` after each of `presses` Tab (or Shift+Tab) presses:
 * it never escapes to the page. Tabbing out of the tour's frame, the last
 * control of the document, may hand focus to the browser's own controls, as
 * a desktop browser does with its address bar (the headless shell has none,
 * so the page keeps no focus at all); the next press must bring it back into
 * the dialog, which the following check sees.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab', presses: number) {
  let previous = 'dialog';
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement) ? 'dialog' : document.hasFocus() ? 'page' : 'browser',
    );
    expect(where, `focus after ${i + 1} × ${key}`).not.toBe('page');
    if (where === 'browser') {
      expect(previous, `focus after ${i + 1} × ${key} still with the browser's controls`).toBe('dialog');
      expect(i, 'a press after focus left for the browser, to see it come back').toBeLessThan(presses - 1);
    }
    previous = where;
  }
}

/**
 * A keyboard user opens a dialog with Enter, has nothing flagged by axe while
 * it is open, closes it with Escape and is back on the control that opened
 * it; then, opened again, tabs around inside it both ways, past the last
 * control so the wrap-around is exercised, without ever reaching the page.
 */
async function checkDialogByKeyboard(
  page: Page,
  axe: (include?: string) => Promise<void>,
  opener: Locator,
  dialogName: string | RegExp,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await opener.scrollIntoViewIfNeeded();
  await opener.focus();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(focusInside, { message: 'focus moves into the dialog' }).toBe(true);
  await axe('[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(focusInside, { message: 'focus moves into the dialog again' }).toBe(true);
  const controls = await dialog.evaluate(
    (element) => element.querySelectorAll('a[href], button:not([disabled]), iframe, input, [tabindex="0"]').length,
  );
  await expectFocusTrapped(page, dialog, 'Tab', controls + 2);
  await expectFocusTrapped(page, dialog, 'Shift+Tab', controls + 2);
  // Key presses inside another site's frame (the tour) belong to that frame,
  // Escape included: a keyboard user first tabs back out to our controls.
  // (The frame, still loading, may take the focus a moment later: the check is repeated until it holds.)
  const inFrame = () => page.evaluate(() => document.activeElement?.tagName === 'IFRAME');
  await expect(async () => {
    if (await inFrame()) await page.keyboard.press('Shift+Tab');
    expect(await inFrame(), 'focus is back on our controls').toBe(false);
  }).toPass({ timeout: 5_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('the full photo gallery', () => {
  test('a guest looks through every photo of a home and comes back to where they were', async ({ page }) => {
    const home = await details(page, tourHome);
    const count = home.photos.length;
    await openHome(page, tourHome, tourHomeName);

    const showAll = page.getByRole('button', { name: `Show all ${count} photos` });
    await showAll.click();
    const dialog = page.getByRole('dialog', { name: `Photos of ${tourHomeName}` });
    await expect(dialog).toBeVisible();
    await expect(galleryCounter(page)).toHaveText(`1 / ${count}`);

    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(galleryCounter(page)).toHaveText(`2 / ${count}`);
    await page.keyboard.press('ArrowRight');
    await expect(galleryCounter(page)).toHaveText(`3 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect(galleryCounter(page)).toHaveText(`1 / ${count}`);
    // The photo on screen is the one the counter names, and it has loaded.
    const current = dialog.getByRole('group', { name: `1 of ${count}` }).getByRole('img');
    await expect(current).toBeVisible();
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
    await expect(showAll).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: tourHomeName })).toBeVisible();
  });

  test('a guest opens the gallery from a thumbnail at that photo and drags to the next one', async ({ page }) => {
    const home = await details(page, tourHome);
    const count = home.photos.length;
    await openHome(page, tourHome, tourHomeName);

    const thumbnail = page.getByRole('button', { name: new RegExp(`^Open photo 3 of ${count}:`) });
    await thumbnail.click();
    await expect(galleryCounter(page)).toHaveText(`3 / ${count}`);

    // A mouse drag to the left moves on, as a swipe does on a touch screen.
    // It goes past half the width: on a busy machine the release can come
    // too late to count as a flick, and the carousel then settles on the
    // nearest photo.
    const stage = page.getByRole('dialog').getByRole('region', { name: 'All photos' });
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 3;
    await page.mouse.move(box.x + box.width * 0.85, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.15, y, { steps: 8 });
    await page.mouse.up();
    await expect(galleryCounter(page)).toHaveText(`4 / ${count}`);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });
});

/** A one-finger horizontal swipe through Chromium's touch input, as a phone sends it. */
async function swipe(client: CDPSession, box: { x: number; y: number; width: number; height: number }, dx: number) {
  const y = box.y + box.height / 3;
  const startX = box.x + box.width / 2 - dx / 2;
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: startX, y }] });
  for (let step = 1; step <= 8; step += 1) {
    await client.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: startX + (dx * step) / 8, y }],
    });
  }
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Waits until the gallery's track holds still, as a guest finishes watching one swipe before the next. */
async function untilSettled(region: Locator): Promise<void> {
  const track = region.locator('.full-gallery__track');
  let previous = '';
  await expect
    .poll(
      async () => {
        const transform = await track.evaluate((element) => getComputedStyle(element).transform);
        const still = transform === previous;
        previous = transform;
        return still;
      },
      { message: 'the gallery stops moving', intervals: [150] },
    )
    .toBe(true);
}

test('a guest on a phone swipes through the photos and goes Back to the home @mobile', async ({ page }) => {
  const home = await details(page, tourHome);
  const count = home.photos.length;
  await openHome(page, tourHome, tourHomeName);

  const showAll = page.getByRole('button', { name: `Show all ${count} photos` });
  await showAll.scrollIntoViewIfNeeded();
  await showAll.tap();
  const dialog = page.getByRole('dialog', { name: `Photos of ${tourHomeName}` });
  await expect(galleryCounter(page)).toHaveText(`1 / ${count}`);

  const client = await page.context().newCDPSession(page);
  const region = dialog.getByRole('region', { name: 'All photos' });
  const box = (await region.boundingBox())!;
  await swipe(client, box, -box.width * 0.7);
  await expect(galleryCounter(page)).toHaveText(`2 / ${count}`);
  await untilSettled(region);
  await swipe(client, box, -box.width * 0.7);
  await expect(galleryCounter(page)).toHaveText(`3 / ${count}`);
  await untilSettled(region);
  await swipe(client, box, box.width * 0.7);
  await expect(galleryCounter(page)).toHaveText(`2 / ${count}`);

  await dialog.getByRole('button', { name: 'Back' }).tap();
  await expect(dialog).toBeHidden();
  await expect(showAll).toBeFocused();
  // The page scrolls again once the gallery has closed.
  await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
});

test('a keyboard user opens every dialog of a home, stays inside it and gets back to where they were', async ({
  page,
  axe,
}) => {
  // A long journey (every step by keyboard, axe scans along the way): over 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const home = await details(page, tourHome);
  await openHome(page, tourHome, tourHomeName);
  await loadEverySection(page);

  await checkDialogByKeyboard(
    page,
    axe,
    page.getByRole('button', { name: `Show all ${home.photos.length} photos` }),
    `Photos of ${tourHomeName}`,
  );
  await checkDialogByKeyboard(
    page,
    axe,
    page.getByRole('button', { name: 'Explore Our Virtual Tour' }),
    `Virtual tour of ${tourHomeName}`,
  );
  await checkDialogByKeyboard(
    page,
    axe,
    page.getByRole('region', { name: 'About this space' }).getByRole('button', { name: 'Show more' }),
    'About this space',
  );
  await checkDialogByKeyboard(
    page,
    axe,
    page.getByRole('region', { name: 'Amenities' }).getByRole('button', { name: /^Show all \d+ amenities$/ }),
    'Amenities',
  );
  await checkDialogByKeyboard(
    page,
    axe,
    page
      .getByRole('region', { name: 'Reviews' })
      .getByRole('button', { name: /^Read more/ })
      .first(),
    /^Review by /,
  );
});

test('a guest on a phone opens every dialog of a home, each one clean for assistive technology @mobile', async ({
  page,
  axe,
}) => {
  // A long journey (every step by keyboard, axe scans along the way): over 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const home = await details(page, tourHome);
  await openHome(page, tourHome, tourHomeName);
  await loadEverySection(page);
  const openers: [Locator, string | RegExp][] = [
    [page.getByRole('button', { name: `Show all ${home.photos.length} photos` }), `Photos of ${tourHomeName}`],
    [page.getByRole('button', { name: 'Explore Our Virtual Tour' }), `Virtual tour of ${tourHomeName}`],
    [
      page.getByRole('region', { name: 'About this space' }).getByRole('button', { name: 'Show more' }),
      'About this space',
    ],
    [
      page.getByRole('region', { name: 'Amenities' }).getByRole('button', { name: /^Show all \d+ amenities$/ }),
      'Amenities',
    ],
    [
      page
        .getByRole('region', { name: 'Reviews' })
        .getByRole('button', { name: /^Read more/ })
        .first(),
      /^Review by /,
    ],
  ];
  for (const [opener, name] of openers) {
    await opener.tap();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await axe('[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('a guest opens the virtual tour of a home that has one', async ({ page }) => {
  await openHome(page, tourHome, tourHomeName);
  await page.getByRole('button', { name: 'Explore Our Virtual Tour' }).click();

  const dialog = page.getByRole('dialog', { name: `Virtual tour of ${tourHomeName}` });
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('title', `Virtual tour of ${tourHomeName}`);
  await expect(frame).toHaveAttribute('src', /^https:\/\/my\.matterport\.com\/show\/\?m=/);
  await expect(frame).toHaveAttribute('allowfullscreen', '');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a guest sees the rating of a well-reviewed home and NEW on a home without enough reviews', async ({ page }) => {
  const rated = await details(page, tourHome);
  await openHome(page, tourHome, tourHomeName);
  await expect(page.getByTestId('property-rating')).toContainText(
    `${rated.rating!.toFixed(1)} out of 5,(${rated.reviews} reviews)`,
  );
  await expect(page.getByRole('button', { name: 'Explore Our Virtual Tour' })).toBeVisible();

  const newSlug = await slugOf(page, 'essentials', 'SAS-1005');
  const fresh = await details(page, newSlug);
  expect(fresh.reviews).toBe(0);
  await openHome(page, newSlug, fresh.public_name ?? fresh.name);
  await expect(page.locator('main header').getByText('NEW', { exact: true })).toBeVisible();
  await expect(page.getByTestId('property-rating')).toHaveCount(0);
  // No tour URL, no tour button.
  expect(fresh.matterportUrl).toBeNull();
  await expect(page.getByRole('button', { name: 'Explore Our Virtual Tour' })).toHaveCount(0);
});

test("a guest following a link to a home's reviews lands on them", async ({ page }) => {
  await page.goto(`/property/${tourHome}#reviews`);
  const heading = page.getByRole('heading', { level: 2, name: 'Reviews', exact: true });
  await expect(heading).toBeInViewport();
  // Still there once the sections above have filled in (scroll anchoring keeps it).
  await page.waitForLoadState('networkidle');
  await expect(heading).toBeInViewport();
});

test('a visitor using assistive technology can read every section of a home @a11y', async ({ page, axe }) => {
  await openHome(page, tourHome, tourHomeName);
  // Every heading is there before anything is scrolled; only the content behind them waits.
  for (const name of [
    'About this space',
    'Features',
    'Amenities',
    'Book your stay',
    "What's Around",
    'Who We Are',
    'Reviews',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeAttached();
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await loadEverySection(page);
  for (const name of ['About this space', 'Features', 'Amenities', "What's Around", 'Who We Are', 'Reviews']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeAttached();
  }
  await axe();
});

test('a search engine reads the title, canonical URL and structured data of a home without running scripts', async ({
  page,
  baseURL,
}) => {
  const response = await page.request.get(`/property/${tourHome}`, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const canonical = `${baseURL}/property/${tourHome}`;

  expect(head).toContain(`<title data-page-meta>${tourHomeName} | Summit &amp; Shore</title>`);
  expect(head).toContain(`<link rel="canonical" href="${canonical}" data-page-meta>`);
  const jsonLdText = /<script type="application\/ld\+json" data-page-meta>([\s\S]*?)<\/script>/.exec(head)?.[1];
  expect(jsonLdText, 'JSON-LD in the served head').toBeDefined();
  const jsonLd = JSON.parse(jsonLdText!) as Record<string, unknown>;
  expect(jsonLd).toMatchObject({ '@type': 'VacationRental', name: tourHomeName, url: canonical });
  // Exactly one of each: the server's tags replace index.html's own title and description.
  expect(head.match(/<title\b/g)).toHaveLength(1);
  expect(head.match(/<meta name="description"/g)).toHaveLength(1);

  // Once the app runs, the head still holds one set, for this home.
  await openHome(page, tourHome, tourHomeName);
  await expect(page).toHaveTitle(`${tourHomeName} | Summit & Shore`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
});

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A 3-night stay for two at the home that the server quotes, about `daysAhead` days from now. */
async function quotedStay(page: Page, id: string, daysAhead: number) {
  const today = new Date().toISOString().slice(0, 10);
  for (let week = 0; week < 26; week += 1) {
    const checkIn = addDays(today, daysAhead + week * 7);
    const checkOut = addDays(checkIn, 3);
    const response = await page.request.post(`/api/properties/${id}/quote`, {
      data: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
    });
    if (response.ok()) return { checkIn, checkOut, total: ((await response.json()) as { total: number }).total };
  }
  throw new Error(`No quotable stay at ${id}`);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

test('a guest sees the all-in total and Reserve on the first screen, and Reserve starts the reservation with those dates @a11y', async ({
  page,
  axe,
}, testInfo) => {
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
  const home = await details(page, tourHome);
  const stay = await quotedStay(
    page,
    (home as unknown as { id: string }).id,
    120 + (testInfo.project.name === 'desktop' ? 0 : 7),
  );
  await page.goto(`/property/${tourHome}?checkin=${stay.checkIn}&checkout=${stay.checkOut}&adults=2`);
  await expect(page.getByRole('heading', { level: 1, name: tourHomeName })).toBeVisible();

  const summary = page.getByRole('complementary', { name: 'Price and booking' });
  const total = summary.getByTestId('summary-total');
  await expect(total).toHaveText(`${usd.format(stay.total)} total incl. cleaning fee and taxes`);
  await expect(total).toBeInViewport();
  const reserve = summary.getByRole('button', { name: 'Reserve' });
  await expect(reserve).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await axe();

  await reserve.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(usd.format(stay.total));
  await expect(page.getByRole('button', { name: 'Edit check-in date' })).toBeVisible();
});

test('without dates, the summary offers the lowest nightly rate and takes the guest to the calendar @a11y', async ({
  page,
  axe,
}, testInfo) => {
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
  await openHome(page, tourHome, tourHomeName);
  const summary = page.getByRole('complementary', { name: 'Price and booking' });
  await expect(summary).toContainText(/from \$[\d,]+\.\d\d \/ night/);
  const choose = summary.getByRole('link', { name: 'Choose dates' });
  await expect(choose).toBeInViewport();
  await axe();
  await choose.click();
  await expect(page).toHaveURL(/#booking$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Book your stay' })).toBeInViewport();
});
