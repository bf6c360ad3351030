// Whether the page on screen is the one the server rendered (ADR 020): from
// the moment the browser starts hydrating its HTML (start.tsx) until the first
// navigation (app/history-router.tsx). Until then the head already carries the
// page's metadata, and what only the browser knows waits for hydration.

let serverPage = false;

export function enterServerPage(): void {
  serverPage = true;
}

export function leaveServerPage(): void {
  serverPage = false;
}

export function onServerPage(): boolean {
  return serverPage;
}
