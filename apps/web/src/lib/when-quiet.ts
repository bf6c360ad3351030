/** What a visitor does that the page's HTML answers by itself: a touch, a click, a key. */
const interactions = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Runs `run` once the visitor has left the page alone for `quietMs`: counted
 * from now, and again from each touch, click or key press meanwhile.
 *
 * The app's start (evaluating react-dom and the app, then hydrating) holds a
 * phone's main thread for tasks of a tenth of a second or more (issue 25,
 * ADR 048). A tap that lands in one waits for it, though what is tapped first
 * (the Menu, a date, Reserve, a link) works from the HTML alone. So the start
 * waits for a quiet moment, and a tap meanwhile is answered at once.
 */
export function whenQuiet(target: EventTarget, quietMs: number, run: () => void): void {
  let timer: ReturnType<typeof setTimeout>;
  const fire = () => {
    for (const type of interactions) target.removeEventListener(type, postpone, { capture: true });
    run();
  };
  function postpone() {
    clearTimeout(timer);
    timer = setTimeout(fire, quietMs);
  }
  for (const type of interactions) target.addEventListener(type, postpone, { capture: true, passive: true });
  timer = setTimeout(fire, quietMs);
}
