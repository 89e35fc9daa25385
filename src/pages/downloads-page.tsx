import { Link } from 'wouter';
import { ExternalLink } from '../app/external-link';
import { externalLinks, helpPagePath } from '../app/routes';
import { latestRelease, releaseNotes } from '../lib/latest-release';
import { configuredReleasesBaseUrl, releaseDownloads } from '../lib/release-downloads';
import { formatReleaseMonth } from '../lib/release-notes';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { roundLineStroke } from './browse-icons';
import '../styles/downloads-page.css';

export function DownloadsPage() {
  usePageTitle(withProductName('Downloads'));
  const downloads = releaseDownloads(latestRelease.version, configuredReleasesBaseUrl());

  return (
    <div className="page downloads">
      <h1>Downloads</h1>

      <section className="latest-release" aria-labelledby="latest-title">
        <h2 id="latest-title">
          TiLiA {latestRelease.version}{' '}
          <span className="latest-release__date">
            latest version, {formatReleaseMonth(latestRelease.date)}
          </span>
        </h2>
        <p>
          Choose the file for your computer. TiLiA is a single application file: there is nothing to
          install on Windows or Linux, and on macOS you unzip it first. macOS 13 or later is
          supported.
        </p>
        <ul className="download-grid">
          {downloads.map((download) => (
            <li key={download.platform}>
              <a className="download-card" href={download.url} download>
                <span className="download-card__label">Download for {download.label}</span>
                <span className="download-card__file">{download.fileName}</span>
                <span className="download-card__detail">{download.detail}</span>
                <svg
                  className="download-card__icon"
                  width="28"
                  height="28"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                >
                  <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" {...roundLineStroke} />
                </svg>
              </a>
            </li>
          ))}
        </ul>
        <p>
          New to TiLiA? Read the <Link to={helpPagePath('installation')}>installation guide</Link>{' '}
          for step-by-step instructions and troubleshooting, or see{' '}
          <ExternalLink href={externalLinks.releases}>TiLiA’s releases on GitHub</ExternalLink>.
        </p>
      </section>

      <section className="release-notes" aria-labelledby="release-notes-title">
        <h2 id="release-notes-title">Release notes</h2>
        <ol className="release-notes__list">
          {releaseNotes.map((release) => (
            <li key={release.version} className="release">
              <h3 className="release__heading">
                <span className="release__version">{release.version}</span>
                <time className="release__date" dateTime={release.date}>
                  {formatReleaseMonth(release.date)}
                </time>
              </h3>
              <ul className="release__changes">
                {release.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
