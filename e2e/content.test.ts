// The content pages (issue 7): About Us, Concierge, Management, Policies,
// the /partnerwithus and /about addresses, and the support chat.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The data directory playwright.config.ts gives the server of this port.
const port = Number(process.env.E2E_PORT ?? 3100);
const outboxDir = join(
  fileURLToPath(new URL('.', import.meta.url)),
  port === 3100 ? '.data' : `.data-${port}`,
  'outbox',
);

const partnerHosts = [
  'www.summitsupperclub.example',
  'www.highalpinewellness.example',
  'www.breckexperiences.example',
  'www.peakskirentals.example',
  'www.alpinepantry.example',
  'www.summitshuttle.example',
];

/** The slide a visitor sees; the others are hidden from assistive technology. */
function currentSlide(page: Page, carousel: string) {
  return page.getByRole('region', { name: carousel }).getByRole('group');
}

test('a visitor gets to know Summit & Shore on the About page', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page).toHaveTitle('About Us | Summit & Shore');
  await expect(page.getByRole('heading', { level: 1, name: 'About Summit & Shore' })).toBeVisible();
  for (const promise of ['Seamless Stays', 'Local Expertise', 'Peace of Mind']) {
    await expect(
      page.getByRole('region', { name: 'Our Promise to Guests' }).getByRole('heading', { name: promise }),
    ).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  const values = page.getByRole('region', { name: 'Our Core Values' });
  for (const value of ['Integrity', 'Attention to Detail', 'Hospitality First', 'Local Expertise', 'Connection']) {
    await expect(values.getByRole('heading', { name: value })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Meet Our Founder' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Local Roots' })).toBeVisible();

  const office = page.getByRole('region', { name: 'Visit Our Office' });
  await expect(office).toContainText('110 S Main St');
  await expect(office.getByRole('img', { name: /Map of 110 S Main St/ })).toBeVisible();
  const mapLink = office.getByRole('link', { name: /in OpenStreetMap/ });
  await expect(mapLink).toHaveAttribute('target', '_blank');
  expect(new URL((await mapLink.getAttribute('href')) ?? '').hostname).toBe('www.openstreetmap.org');

  const contact = page.getByRole('region', { name: 'Get in Touch' });
  for (const name of [/Request a rental projection/, /Contact guest services/]) {
    const link = contact.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(new URL((await link.getAttribute('href')) ?? '').hostname).toBe('forms.summitandshore.example');
  }
  await expect(contact.getByRole('link', { name: /on Instagram/ })).toBeVisible();
  await expect(contact.getByRole('link', { name: /on Facebook/ })).toBeVisible();
});

test('a visitor pages through the About slideshow with next, previous and thumbnails', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/about-us');
  const slide = currentSlide(page, 'Life at Summit & Shore');
  await expect(slide).toHaveAttribute('aria-label', '1 of 3: Our home town of Breckenridge');
  await expect(slide.getByRole('img')).toBeVisible();

  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide).toHaveAttribute('aria-label', '2 of 3: Mornings on the Tenmile Range');
  await expect(page.getByText('Slide 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(slide).toHaveAttribute('aria-label', "3 of 3: Summers on Michigan's lakeshore");

  const thumbnail = page.getByRole('button', { name: 'Show slide 2: Mornings on the Tenmile Range' });
  await thumbnail.focus();
  await page.keyboard.press('Enter');
  await expect(slide).toHaveAttribute('aria-label', '2 of 3: Mornings on the Tenmile Range');
  await expect(thumbnail).toHaveAttribute('aria-current', 'true');
});

test('the About slideshow moves on by itself every 5 seconds', async ({ page }) => {
  await page.goto('/about-us');
  // Nowhere near the slideshow, so it is not paused by the pointer.
  await page.mouse.move(0, 0);
  const slide = currentSlide(page, 'Life at Summit & Shore');
  await expect(slide).toHaveAttribute('aria-label', /^1 of 3/);
  await expect(slide).toHaveAttribute('aria-label', /^2 of 3/, { timeout: 8_000 });
});

test('/partnerwithus and /about land on the About page', async ({ page, request }) => {
  const redirect = await request.get('/partnerwithus?ref=card', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe('/about-us?ref=card');

  await page.goto('/partnerwithus');
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About Summit & Shore' })).toBeVisible();

  await page.goto('/about');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About Summit & Shore' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about-us$/);
});

test('a guest finds six concierge partners, each opening in a new tab on its own host', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/concierge');
  await expect(page).toHaveTitle('Concierge & Hospitality | Summit & Shore');
  await expect(page.getByRole('heading', { level: 1, name: 'Concierge & Hospitality' })).toBeVisible();

  const hosts: string[] = [];
  const slide = currentSlide(page, 'Concierge services');
  for (const [index, title] of [
    'Meal Plans',
    'Wellness',
    'Experiences',
    'Ski Rentals',
    'Grocery Delivery',
    'Transport',
  ].entries()) {
    await expect(slide).toHaveAttribute('aria-label', `${index + 1} of 6: ${title}`);
    await expect(slide.getByRole('heading', { name: title })).toBeVisible();
    const link = slide.getByRole('link');
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    hosts.push(new URL((await link.getAttribute('href')) ?? '').hostname);
    await page.getByRole('button', { name: 'Next slide' }).click();
  }
  expect(hosts).toEqual(partnerHosts);
  await expect(slide).toHaveAttribute('aria-label', '1 of 6: Meal Plans');

  const services = page.getByRole('region', { name: 'Exclusive Services for Our Guests' });
  await expect(services.getByRole('listitem')).toHaveCount(9);
});

test('an owner asks about management and the inquiry is stored and e-mailed', async ({ page }) => {
  // Unique to this run, and short enough that the mail's Subject line is never folded.
  const name = `Dana ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto('/management');
  await expect(page).toHaveTitle('Management Solutions | Summit & Shore');
  await expect(currentSlide(page, 'Homes we manage')).toHaveAttribute('aria-label', /^\d of 6: /);
  await expect(page.getByRole('heading', { name: 'Marketing & Distribution' })).toBeVisible();

  await page.getByRole('button', { name: 'Get a free rental projection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell us about your home' });
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByText('Enter your name.')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('dana.owner@example.com');
  await dialog.getByLabel('Phone').fill('(970) 555-0199');
  await dialog.getByLabel('Property location').fill('Frisco, CO');
  await dialog.getByLabel('Bedrooms').fill('4');
  await dialog.getByLabel('Message').fill('A four-bedroom cabin we would like to rent out next winter.');
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(dialog.getByRole('status')).toContainText('We have received your inquiry');

  // Without SMTP the outbox writes each message as an .eml file under DATA_DIR/outbox.
  await expect
    .poll(
      async () => {
        const files = await readdir(outboxDir).catch(() => []);
        const messages = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
        return messages.filter((message) => message.includes(`Subject: Owner inquiry: ${name},`));
      },
      { timeout: 15_000 },
    )
    .toEqual([expect.stringContaining('4-bedroom home in Frisco, CO')]);
});

test('a guest reads the policies with their numbers', async ({ page }) => {
  await page.goto('/policies');
  await expect(page).toHaveTitle('Policies | Summit & Shore');
  for (const section of [
    'Privacy',
    'Cancellation and Refunds',
    'Damage Deposit',
    'Fees and Taxes',
    'Frequently Asked Questions',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  const cancellation = page.getByRole('region', { name: 'Cancellation and Refunds' });
  await expect(cancellation).toContainText('Cancel within 48 hours of booking for a 100% refund.');
  await expect(cancellation).toContainText('Cancel up to 30 days before check-in for a 50% refund.');
  await expect(cancellation).toContainText('7-10 business days');
  await expect(page.getByRole('region', { name: 'Damage Deposit' })).toContainText('$0 to $1,000');
  await expect(page.getByRole('region', { name: 'Payments and Instalments' })).toContainText('72-hour grace period');
  await expect(page.getByRole('region', { name: 'Age Requirement' })).toContainText('over 25');
  const penalties = page.getByRole('region', { name: 'House Rules and Penalties' });
  for (const penalty of ['late check-out: $100', 'Smoking inside a home: $500', 'Lost keys or passes: $150']) {
    await expect(penalties).toContainText(penalty);
  }
  await page.getByRole('link', { name: 'Damage Deposit' }).click();
  await expect(page).toHaveURL(/\/policies#deposit$/);
});

test('without a configured chat, clicks load no chat and Chat live offers the contact form', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/policies');
  await page.getByRole('heading', { level: 1 }).click();
  await page.getByRole('heading', { level: 1 }).click();
  const chat = page.getByRole('complementary', { name: 'Contact us' }).getByRole('link', { name: /^Chat live/ });
  await expect(chat).toHaveAttribute('href', 'https://forms.summitandshore.example/guest-services');
  await expect(chat).toHaveAttribute('target', '_blank');
  expect(scripts.filter((url) => !new URL(url).pathname.startsWith('/assets/'))).toEqual([]);
  await expect(page.locator('script[data-support-chat]')).toHaveCount(0);
});

// The chat script is a server setting (CHAT_SCRIPT_URL) rendered into each
// page; the suite's server has none, so this journey adds the setting to the
// page as the server would and serves a small test script in place of a
// vendor's, counting how often it is fetched.
test('the support chat loads on the first click, only once, and Chat live opens it', async ({ page, baseURL }) => {
  const chatPath = '/e2e-support-chat.js';
  const chatUrl = new URL(chatPath, baseURL).href;
  let fetched = 0;
  await page.route(`**${chatPath}`, async (route) => {
    fetched += 1;
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.SupportChat = { open() { document.documentElement.dataset.chatOpen = 'yes'; } };
        document.documentElement.dataset.chatLoaded = 'yes';`,
    });
  });
  // A page the browser renders itself (sign-in): a server-rendered page would
  // already carry the server's own chat setting in its HTML.
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    const config = `<script type="application/json" id="site-config">${JSON.stringify({ chatScriptUrl: chatUrl })}</script>`;
    await route.fulfill({ response, body: (await response.text()).replace('</head>', `${config}</head>`) });
  });

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(fetched).toBe(0);

  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.locator('html')).toHaveAttribute('data-chat-loaded', 'yes');
  await page.getByRole('banner').first().click();
  await page.getByRole('heading', { level: 1 }).click();

  const chat = page.getByRole('complementary', { name: 'Contact us' }).getByRole('button', { name: 'Chat live' });
  await chat.click();
  await expect(page.locator('html')).toHaveAttribute('data-chat-open', 'yes');
  expect(fetched).toBe(1);
  await expect(page.locator('script[data-support-chat]')).toHaveCount(1);
});

// Text pages: the same document at every width, scanned at desktop width; the
// header's phone menu is scanned on / (accessibility.test.ts) and the owner
// inquiry dialog below at both widths (ADR 033).
for (const path of ['/about-us', '/concierge', '/management', '/policies']) {
  test(`a visitor using assistive technology can use ${path}`, async ({ page, axe }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await axe();
  });
}

test('a visitor using assistive technology can send an owner inquiry @a11y', async ({ page, axe }) => {
  await page.goto('/management');
  await page.getByRole('button', { name: 'Get a free rental projection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell us about your home' });
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(dialog.getByText('Enter your name.')).toBeVisible();
  await axe();
});
