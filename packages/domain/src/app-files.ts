/**
 * The id of the JSON list, in a server-rendered page's head, of the app's code
 * files the page loads once its main photos are there (ADR 048): the entry asks
 * for them all at once, at low priority, instead of discovering them one import
 * after another. A module of its own: the entry imports it, and nothing more.
 */
export const appFilesElementId = 'sas-app-files';

/**
 * What a page sent as the shell shows until the app's first render replaces
 * it: the app's own loading overlay (LoadingOverlay, whose styles every page
 * carries), drawn by the HTML, so that a guest who taps Reserve sees the next
 * page at its first paint rather than a blank one a second later on a phone.
 * Hidden without JavaScript (data-script-placeholder), where the page's
 * notice says what is missing.
 */
export const shellLoadingHtml =
  '<div class="loading-overlay" role="status" aria-live="polite" data-script-placeholder=""><span class="loading-overlay__spinner" aria-hidden="true"></span><span class="loading-overlay__label">Loading...</span></div>';
