// The one place that reads import.meta.env (STYLE.md: config read in one
// place). Each VITE_* variable is read and checked here, so a bad value
// fails at start-up instead of deep inside a feature.

import { siteConfigElementId, type SiteConfig } from '@sas/domain';

declare global {
  interface ImportMetaEnv {
    /** Script URL of the third-party search widget (SPEC.md section 2); unset for our own form. */
    readonly VITE_SEARCH_WIDGET_SCRIPT?: string;
    /** Custom element name the widget script registers, e.g. 'sas-search-widget'. */
    readonly VITE_SEARCH_WIDGET_ELEMENT?: string;
  }
}

export interface SearchWidgetConfig {
  scriptUrl: string;
  elementName: string;
}

// A valid custom element name: lowercase, starts with a letter, contains a hyphen.
const customElementName = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;

/** The search widget when both variables are set, null when neither is; anything else is a mistake. */
function readSearchWidget(
  scriptValue: string | undefined,
  elementValue: string | undefined,
): SearchWidgetConfig | null {
  const scriptUrl = scriptValue?.trim() ?? '';
  const elementName = elementValue?.trim() ?? '';
  if (scriptUrl === '' && elementName === '') return null;
  const problems: string[] = [];
  if (scriptUrl === '') problems.push('VITE_SEARCH_WIDGET_SCRIPT is missing');
  else if (!URL.canParse(scriptUrl, 'https://example.invalid')) problems.push('VITE_SEARCH_WIDGET_SCRIPT is not a URL');
  if (elementName === '') problems.push('VITE_SEARCH_WIDGET_ELEMENT is missing');
  else if (!customElementName.test(elementName)) {
    problems.push('VITE_SEARCH_WIDGET_ELEMENT is not a custom element name (lowercase, with a hyphen)');
  }
  if (problems.length > 0) throw new Error(`Search widget configuration: ${problems.join('; ')}.`);
  return { scriptUrl, elementName };
}

/** The key under which the API server hands its SiteConfig to the server-rendering bundle. */
export const serverSiteConfigKey = '__sasSiteConfig';

function serverSiteConfig(): SiteConfig {
  const config = (globalThis as Record<string, unknown>)[serverSiteConfigKey];
  return typeof config === 'object' && config !== null ? config : {};
}

/** An absolute http(s) URL as a string, or undefined for anything else. */
function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:' ? value : undefined;
}

/**
 * Settings the server renders into the page when it starts (SiteConfig in
 * @sas/domain): the support chat script and the office map. Absent (tests,
 * the Vite dev server, nothing configured) or unreadable: none.
 */
function readSiteConfig(): SiteConfig {
  // Rendering on the server: the server's own settings, set before this module loads (server-render.ts).
  if (typeof document === 'undefined') return serverSiteConfig();
  const element = document.getElementById(siteConfigElementId);
  if (element === null) return {};
  try {
    const raw = JSON.parse(element.textContent || '{}') as Record<string, unknown>;
    const config: SiteConfig = {};
    const chatScriptUrl = httpUrl(raw.chatScriptUrl);
    if (chatScriptUrl !== undefined) config.chatScriptUrl = chatScriptUrl;
    // The browser checks the map against the allow-list again before framing it.
    if (typeof raw.mapEmbedUrl === 'string') config.mapEmbedUrl = raw.mapEmbedUrl;
    return config;
  } catch {
    return {};
  }
}

export const env = {
  /** Development build: show error details that production hides. */
  isDevelopment: import.meta.env.DEV,
  mode: import.meta.env.MODE,
  /** The third-party search widget, or null for our own search form (the default). */
  searchWidget: readSearchWidget(import.meta.env.VITE_SEARCH_WIDGET_SCRIPT, import.meta.env.VITE_SEARCH_WIDGET_ELEMENT),
  /** Runtime settings from the server: chat script and map embed, each optional. */
  site: readSiteConfig(),
} as const;
