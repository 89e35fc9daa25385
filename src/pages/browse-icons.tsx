import type { ReactNode } from 'react';

/** How the line icons draw: in the text's colour, two units of their 24 wide. */
export const lineStroke = { fill: 'none', stroke: 'currentColor', strokeWidth: '2' } as const;

export const roundLineStroke = {
  ...lineStroke,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Small line icons for the browse grids; the buttons and links around them carry the names. */
function BrowseIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function ViewIcon() {
  return (
    <BrowseIcon>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" {...lineStroke} />
      <circle cx="12" cy="12" r="3" {...lineStroke} />
    </BrowseIcon>
  );
}

export function DownloadIcon() {
  return (
    <BrowseIcon>
      <path d="M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3" {...roundLineStroke} />
    </BrowseIcon>
  );
}
