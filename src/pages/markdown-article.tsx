import { useMemo, type MouseEvent } from 'react';
import { Marked } from 'marked';
import { useLocation } from 'wouter';

// Links that leave the site open in a new tab, like every other external link in the app.
const markdown = new Marked({
  gfm: true,
  renderer: {
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const titleAttribute = title ? ` title="${title}"` : '';
      if (/^https?:\/\//i.test(href)) {
        return `<a href="${href}"${titleAttribute} target="_blank" rel="noopener noreferrer">${text}<span class="visually-hidden"> (opens in a new tab)</span></a>`;
      }
      return `<a href="${href}"${titleAttribute}>${text}</a>`;
    },
  },
});

/**
 * Renders one of our own Markdown files. The content ships with the app (never user input),
 * so the HTML is trusted. Same-origin links go through the router instead of reloading the page.
 */
export function MarkdownArticle({ source }: { source: string }) {
  const [, navigate] = useLocation();
  const html = useMemo(() => markdown.parse(source, { async: false }), [source]);

  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    // The click handler only delegates link activation: the links stay native, so keyboard
    // activation (Enter) fires the same click event.
    <article
      className="prose markdown"
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
