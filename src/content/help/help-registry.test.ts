import { describe, expect, it } from 'vitest';
import { helpPagePath } from '../../app/routes';
import { findHelpPage, helpPages } from './help-registry';

describe('help registry', () => {
  it('has unique slugs', () => {
    const slugs = helpPages.map((page) => page.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('gives every page exactly one top-level heading', () => {
    for (const page of helpPages) {
      expect(page.markdown.match(/^# /gm), page.slug).toHaveLength(1);
      expect(page.markdown.startsWith('# '), page.slug).toBe(true);
    }
  });

  it('links every page from the index', () => {
    const index = findHelpPage('')?.markdown ?? '';
    for (const page of helpPages.filter((entry) => entry.slug !== '')) {
      expect(index, page.slug).toContain(`](${helpPagePath(page.slug)})`);
    }
  });

  it('only links help pages that exist', () => {
    for (const page of helpPages) {
      for (const [, slug] of page.markdown.matchAll(/\]\(\/help\/([^)#]*?)\/?(?:#[^)]*)?\)/g)) {
        expect(findHelpPage(slug ?? ''), `${page.slug} -> ${slug}`).toBeDefined();
      }
    }
  });
});
