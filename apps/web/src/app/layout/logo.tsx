/** Wordmark: a peak above a wave, then the company name. Decorative: the link around it carries the name. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 260 48" width="260" height="48" aria-hidden="true" focusable="false">
      <path d="M4 34 17 12l7 10 5-7 13 19z" fill="currentColor" />
      <path
        d="M4 41c5-3 9-3 14 0s9 3 14 0 9-3 10-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <text
        x="54"
        y="33"
        fill="currentColor"
        fontFamily="'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif"
        fontSize="25"
        letterSpacing="0.5"
      >
        Summit &amp; Shore
      </text>
    </svg>
  );
}
