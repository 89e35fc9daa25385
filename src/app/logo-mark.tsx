/** The TiLiA mark: stacked timeline rows with a playhead (same drawing as public/favicon.svg). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="var(--color-accent)" />
      <rect x="5" y="7" width="22" height="4" rx="2" fill="#ffffff" />
      <rect x="5" y="14" width="9" height="4" rx="2" fill="#ffffff" opacity="0.85" />
      <rect x="16" y="14" width="11" height="4" rx="2" fill="#ffffff" opacity="0.85" />
      <rect x="5" y="21" width="5" height="4" rx="2" fill="#ffffff" opacity="0.7" />
      <rect x="12" y="21" width="6" height="4" rx="2" fill="#ffffff" opacity="0.7" />
      <rect x="20" y="21" width="7" height="4" rx="2" fill="#ffffff" opacity="0.7" />
      <rect x="18.5" y="4" width="1.6" height="24" rx="0.8" fill="#f6c453" />
    </svg>
  );
}
