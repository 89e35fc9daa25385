import type { AnchorHTMLAttributes, ReactNode } from 'react';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & {
  href: string;
  children: ReactNode;
};

/** Links that leave the site open in a new tab; screen-reader users are told so. */
export function ExternalLink({ children, className, ...anchorProps }: ExternalLinkProps) {
  return (
    <a
      {...anchorProps}
      className={className ? `external-link ${className}` : 'external-link'}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
