import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { logout } from '../lib/api-client';
import { useIsAuthenticated, useUsername } from '../state/session';
import { DisclosureMenu, type DisclosureMenuItem } from './disclosure-menu';
import { ExternalLink } from './external-link';
import { LogoMark } from './logo-mark';
import { externalLinks, paths } from './routes';
import '../styles/nav-bar.css';

const browseItems: readonly DisclosureMenuItem[] = [
  { kind: 'link', label: 'Files', to: paths.browseFiles },
  { kind: 'link', label: 'Timelines', to: paths.browseTimelines },
  { kind: 'link', label: 'Query', to: paths.browseQuery },
  // Anyone may look at a .tla of their own here without an account or an upload.
  { kind: 'link', label: 'Open a file of yours', to: paths.localViewer },
];

function samePage(location: string, path: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '').toLowerCase() || '/';
  return trim(location) === trim(path);
}

function NavLink({ to, children }: { to: string; children: string }) {
  const [location] = useLocation();
  const current = samePage(location, to) || (to === paths.help && location.startsWith('/help'));
  return (
    <Link className="nav-link" to={to} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function AccountLinks() {
  const isAuthenticated = useIsAuthenticated();
  const username = useUsername();

  if (!isAuthenticated) {
    return (
      <ul className="nav-bar__list nav-bar__account">
        <li>
          <NavLink to={paths.login}>LOGIN</NavLink>
        </li>
        <li>
          <Link className="nav-link nav-link--primary" to={paths.register}>
            SIGN UP
          </Link>
        </li>
      </ul>
    );
  }

  const accountItems: DisclosureMenuItem[] = [
    { kind: 'link', label: 'Upload', to: paths.upload },
    { kind: 'link', label: 'Dashboard', to: paths.dashboard },
    // Posts the refresh token, forgets the credentials and goes home (SPEC.md section 4).
    { kind: 'action', label: 'Logout', onSelect: () => void logout() },
  ];
  return (
    <ul className="nav-bar__list nav-bar__account">
      <li>
        <DisclosureMenu
          className="disclosure--end"
          label={`Hi, ${username ?? ''}`}
          items={accountItems}
        />
      </li>
    </ul>
  );
}

export function NavBar() {
  const [location] = useLocation();
  // The small-screen menu belongs to the page it was opened on: navigating closes it
  // without an effect, because a different location no longer matches.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location;

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <nav className="nav-bar" aria-label="Main">
        <Link className="nav-bar__brand" to={paths.home}>
          <LogoMark />
          <span className="nav-bar__brand-name">TiLiA</span>
          <span className="visually-hidden">, home</span>
        </Link>
        <button
          type="button"
          className="boxed-control nav-bar__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : location)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            {menuOpen ? (
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
          Menu
        </button>
        <div id="site-menu" className="nav-bar__menu" data-open={menuOpen}>
          <ul className="nav-bar__list">
            <li>
              <NavLink to={paths.about}>ABOUT</NavLink>
            </li>
            <li>
              <DisclosureMenu label="BROWSE" items={browseItems} />
            </li>
            <li>
              <NavLink to={paths.downloads}>DOWNLOADS</NavLink>
            </li>
            <li>
              <ExternalLink className="nav-link" href={externalLinks.contributing}>
                CONTRIBUTE
              </ExternalLink>
            </li>
            <li>
              <NavLink to={paths.help}>HELP</NavLink>
            </li>
          </ul>
          <AccountLinks />
        </div>
      </nav>
    </header>
  );
}
