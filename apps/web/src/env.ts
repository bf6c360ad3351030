// The one place that reads import.meta.env (STYLE.md: config read in one
// place). Each VITE_* variable is read and checked here, so a bad value
// fails at start-up instead of deep inside a feature.

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

export const env = {
  /** Development build: show error details that production hides. */
  isDevelopment: import.meta.env.DEV,
  mode: import.meta.env.MODE,
  /** The third-party search widget, or null for our own search form (the default). */
  searchWidget: readSearchWidget(import.meta.env.VITE_SEARCH_WIDGET_SCRIPT, import.meta.env.VITE_SEARCH_WIDGET_ELEMENT),
} as const;
