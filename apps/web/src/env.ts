// The one place that reads import.meta.env (STYLE.md: config read in one place).
// No VITE_* variables exist yet; when one is added, read and check it here so a
// missing value fails at start-up instead of deep inside a feature.
export const env = {
  /** Development build: show error details that production hides. */
  isDevelopment: import.meta.env.DEV,
  mode: import.meta.env.MODE,
} as const;
