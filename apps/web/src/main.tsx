// The entry the page loads: the styles, and when to start the app (ADR 029,
// ADR 048). A page the server rendered already shows its content, so the
// app's JavaScript is not needed to paint it: it is asked for once the page's
// main photos have arrived, a frame has been drawn (out of the way of its
// largest paint) and the visitor has left the page alone for a moment (a tap
// meanwhile is answered by the HTML at once, not after the app's first long
// tasks), at low priority, all of it at once from the list the server wrote
// into the page. A page sent as the shell asks for its list at once: the
// browser paints it first, where announcing thirty files in its head would
// hold the first paint of a phone (ADR 048).
import { appFilesElementId } from '@sas/domain/app-files';
import { ssrDataElementId } from './app/ssr-data';
import { submitGetFormsAtOnce } from './lib/submit-get-forms';
import { whenQuiet } from './lib/when-quiet';
import './styles/global.css';

function start() {
  void import('./start');
}

/** The app's code files the server listed for this page (paths under the site's root). */
function listedAppFiles(): string[] {
  try {
    const files: unknown = JSON.parse(document.getElementById(appFilesElementId)?.textContent ?? '[]');
    return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

/** Links added per task: each starts a request, which costs a phone a few milliseconds. */
const linksPerTask = 4;

/**
 * Fetches the app's code without running it, then runs `next`; start.tsx runs
 * the code step by step. A rendered page asks at low priority, so that photos
 * still on their way keep the bandwidth; a shell's code is its content.
 */
function preloadAppFiles(priority: 'low' | 'high', next: () => void) {
  const files = listedAppFiles();
  const addSome = () => {
    for (const file of files.splice(0, linksPerTask)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.fetchPriority = priority;
      // As the module loader asks for them, so that it finds them in its map.
      link.crossOrigin = '';
      link.href = `/${file}`;
      document.head.append(link);
    }
    if (files.length > 0) setTimeout(addSome, 0);
    else next();
  };
  addSome();
}

/**
 * Once the photos the page fetches first (its largest paint) have arrived,
 * or failed, or a few seconds have passed.
 */
function afterMainPhotos(run: () => void) {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    (img) => !img.complete,
  );
  const arrived = pending.map(
    (img) =>
      new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  const patience = new Promise<void>((resolve) => setTimeout(resolve, 3000));
  void Promise.race([Promise.all(arrived), patience]).then(run);
}

/**
 * After the page's first frame is drawn; a hidden tab, which draws no
 * frames, after a moment.
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/** How long the visitor leaves the page alone before the app starts (ADR 048). */
const quietBeforeStartMs = 300;

// A date or Reserve tapped before the app runs submits a plain form: it leaves at once.
submitGetFormsAtOnce(document, (url, replace) => (replace ? location.replace(url) : location.assign(url)));
if (document.getElementById(ssrDataElementId) === null) {
  start();
  preloadAppFiles('high', () => undefined);
} else
  afterMainPhotos(() =>
    afterFirstPaint(() => whenQuiet(window, quietBeforeStartMs, () => preloadAppFiles('low', start))),
  );
