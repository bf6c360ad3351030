// Settings of the browser app that are chosen when the server starts, not
// when the app is built: the server renders them into every page as a JSON
// data block, so one build runs with any chat script or map embed, and the
// server derives its Content-Security-Policy from the same values.

/** Id of the `<script type="application/json">` element that carries the SiteConfig. */
export const siteConfigElementId = 'site-config';

export interface SiteConfig {
  /** Support chat script, loaded on the first click anywhere (SPEC.md section 2). */
  chatScriptUrl?: string;
  /** Map of the office on the About page; an allow-listed embed URL (safeUrl kind 'map'). */
  mapEmbedUrl?: string;
}
