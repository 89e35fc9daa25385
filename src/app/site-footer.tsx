import { Link } from 'wouter';
import { ExternalLink } from './external-link';
import { externalLinks, paths } from './routes';
import '../styles/site-footer.css';

/** A footer link: `to` stays on the site, `href` leaves it (in a new tab). */
type FooterLink = { label: string } & ({ to: string } | { href: string });

const footerColumns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: 'BROWSE',
    links: [
      { label: 'Browse files', to: paths.browseFiles },
      { label: 'Browse timelines', to: paths.browseTimelines },
    ],
  },
  {
    heading: 'SOURCE',
    links: [
      { label: 'Source', href: externalLinks.sourceRepository },
      { label: 'Contribute', href: externalLinks.contributing },
      { label: 'Issues', href: externalLinks.issues },
    ],
  },
  {
    heading: 'MORE',
    links: [
      { label: 'Downloads', to: paths.downloads },
      { label: 'Help', to: paths.help },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav className="site-footer__columns" aria-label="Footer">
          {footerColumns.map(({ heading, links }) => (
            <div key={heading}>
              <h2 className="site-footer__heading">{heading}</h2>
              <ul>
                {links.map((link) => (
                  <li key={link.label}>
                    {'to' in link ? (
                      <Link to={link.to}>{link.label}</Link>
                    ) : (
                      <ExternalLink href={link.href}>{link.label}</ExternalLink>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="site-footer__copyright">
          Copyright © 2022–2025 Felipe Defensor et al. TiLiA is free software under the GNU General
          Public License v3.
        </p>
      </div>
    </footer>
  );
}
