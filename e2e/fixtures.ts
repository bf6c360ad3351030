// Shared test fixtures: every page a journey visits can be checked with axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // A scan mid-fade (a dialog fading in, a button's hover colour under the
  // pointer that just clicked it) reads colours the page never rests on: it
  // waits for what is moving to finish (a spinner, which never does, aside).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary, 'axe violations').toEqual([]);
}

interface Fixtures {
  /**
   * Console errors and warnings a test expects: the browser's note of an
   * expected 404 ("status of 404") and the app's log of it ("-> 404").
   */
  allowedConsoleErrors: RegExp[];
  /**
   * Fails the test on any other console error or warning (a hydration
   * mismatch among them) or uncaught exception in the page.
   */
  consoleErrors: string[];
  axe: (include?: string) => Promise<void>;
}

/**
 * A server-rendered page shows its content before its JavaScript has arrived
 * (ADR 029); its buttons work once the app has hydrated, which it marks on
 * <html>. Loading a page waits for that as well, as a person waits for a
 * page to be ready.
 */
async function waitForApp(page: Page, response: Awaited<ReturnType<Page['goto']>>) {
  if (response === null) return response;
  if (!(response.headers()['content-type'] ?? '').includes('text/html')) return response;
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return response;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => waitForApp(page, await goto(url, options));
    page.reload = async (options) => waitForApp(page, await reload(options));
    await use(page);
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        const type = msg.type();
        if ((type === 'error' || type === 'warning') && !allowedConsoleErrors.some((re) => re.test(text))) {
          errors.push(`${type}: ${text}`);
        }
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  axe: async ({ page }, use) => {
    await use((include) => expectNoAxeViolations(page, include));
  },
});

export { expect };
