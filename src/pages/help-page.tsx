import { Link } from 'wouter';
import { helpPagePath, normaliseHelpSlug, paths } from '../app/routes';
import { findHelpPage, helpPages, type HelpPageEntry } from '../content/help/help-registry';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { MarkdownArticle } from './markdown-article';
import { NotFoundPage } from './not-found-page';
import '../styles/prose.css';
import '../styles/help-page.css';

function HelpTopics({ currentSlug }: { currentSlug: string }) {
  return (
    <nav className="help-topics" aria-labelledby="help-topics-title">
      <h2 id="help-topics-title" className="help-topics__title">
        Help topics
      </h2>
      <ul>
        {helpPages.map((page) => (
          <li key={page.slug}>
            <Link
              to={page.slug === '' ? paths.help : helpPagePath(page.slug)}
              aria-current={page.slug === currentSlug ? 'page' : undefined}
            >
              {page.slug === '' ? 'Help home' : page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function HelpArticle({ page }: { page: HelpPageEntry }) {
  usePageTitle(withProductName(page.title));
  return (
    <div className="page help-layout">
      <MarkdownArticle source={page.markdown} />
      {/* The index already lists every topic; a second list would only repeat it. */}
      {page.slug !== '' && <HelpTopics currentSlug={page.slug} />}
    </div>
  );
}

/** Every help page: /help and /help/<slug>, rendered from the Markdown registry. */
export function HelpPage({ slug }: { slug: string }) {
  const page = findHelpPage(normaliseHelpSlug(slug));
  return page ? <HelpArticle page={page} /> : <NotFoundPage />;
}
