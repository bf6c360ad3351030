// Renders the browser app's runtime settings (SiteConfig, @sas/domain) into
// index.html as a JSON data block, which the app reads at start-up.
import { serializeJsonLd, siteConfigElementId, type SiteConfig } from '@sas/domain';

/** `html` with the settings that are set just before </head>; unchanged when none is. */
export function injectSiteConfig(html: string, config: SiteConfig | undefined): string {
  const values = Object.fromEntries(Object.entries(config ?? {}).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return html;
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd === -1) return html;
  // A data block is never run, so script-src does not apply; serializeJsonLd
  // keeps "</script>" in a value from ending the element.
  const tag = `<script type="application/json" id="${siteConfigElementId}">${serializeJsonLd(values)}</script>`;
  return `${html.slice(0, headEnd)}  ${tag}\n  ${html.slice(headEnd)}`;
}
