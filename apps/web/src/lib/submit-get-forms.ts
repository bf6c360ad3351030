/** Marks a plain GET form that leaves at once when submitted before the app handles it. */
export const leavesAtOnce = { 'data-leaves-at-once': '' } as const;

/** The same, in place of the page in the tab's history, as the app's own change of the stay does. */
export const replacesAtOnce = { 'data-leaves-at-once': 'replace' } as const;

/**
 * A plain GET form marked `leavesAtOnce` (a date on the booking calendar,
 * Reserve), submitted while the page's code is still starting, leaves at once
 * as a followed link does: Chromium queues a form's navigation behind the
 * page's other tasks, which on a phone starting the app cost a tap a tenth of
 * a second or more (issue 25). The address is the one the browser would build.
 * Once the app handles the form, it prevents the default before the event
 * reaches the document, and the form is left alone.
 */
export function submitGetFormsAtOnce(root: Document, navigate: (url: URL, replace: boolean) => void): void {
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-leaves-at-once'))
      return;
    event.preventDefault();
    const url = new URL(form.action);
    url.search = new URLSearchParams(new FormData(form, event.submitter) as unknown as [string, string][]).toString();
    navigate(url, form.getAttribute('data-leaves-at-once') === 'replace');
  });
}
