import { Link } from 'wouter';
import { ExternalLink } from './external-link';
import { externalLinks, paths } from './routes';
import '../styles/site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav className="site-footer__columns" aria-label="Footer">
          <div>
            <h2 className="site-footer__heading">BROWSE</h2>
            <ul>
              <li>
                <Link to={paths.browseFiles}>Browse files</Link>
              </li>
              <li>
                <Link to={paths.browseTimelines}>Browse timelines</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer__heading">SOURCE</h2>
            <ul>
              <li>
                <ExternalLink href={externalLinks.sourceRepository}>Source</ExternalLink>
              </li>
              <li>
                <ExternalLink href={externalLinks.contributing}>Contribute</ExternalLink>
              </li>
              <li>
                <ExternalLink href={externalLinks.issues}>Issues</ExternalLink>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer__heading">MORE</h2>
            <ul>
              <li>
                <Link to={paths.downloads}>Downloads</Link>
              </li>
              <li>
                <Link to={paths.help}>Help</Link>
              </li>
            </ul>
          </div>
        </nav>
        <p className="site-footer__copyright">
          Copyright © 2022–2025 Felipe Defensor et al. TiLiA is free software under the GNU General
          Public License v3.
        </p>
      </div>
    </footer>
  );
}
