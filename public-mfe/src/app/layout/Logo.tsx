/**
 * The studio's mark and word mark: a brand asset shipped with the site (like the original
 * logo image), drawn in currentColor so the header can show it light or dark.
 */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect
          x="1.5"
          y="1.5"
          width="29"
          height="29"
          rx="7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <path d="M6 12.5h20M6 19.5h20" stroke="currentColor" strokeWidth="1.25" opacity="0.45" />
        <path
          d="M8.5 8.5 16 24l7.5-15.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__word">Vitrine</span>
    </span>
  );
}
