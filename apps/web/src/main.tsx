// The entry the page loads: the styles, and when to start the app (ADR 029).
// A page the server rendered already shows its content, so the app's
// JavaScript is not needed to paint it: it is fetched once that content and
// the page's main photo are drawn, out of their way on a slow connection.
// A page sent as the shell starts at once.
import { ssrDataElementId } from './app/ssr-data';
import './styles/global.css';

function start() {
  void import('./start');
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

if (document.getElementById(ssrDataElementId) === null) start();
else afterMainPhotos(() => afterFirstPaint(start));
