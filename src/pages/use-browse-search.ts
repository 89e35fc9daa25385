import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SearchKind } from '../shared/search-fields';
import { decodeBrowseState, encodeBrowseState, type BrowseState } from '../lib/search-url';

/** The search in the URL, and a way to go to another one (a history entry of its own). */
export function useBrowseUrl(sortKeys: (kind: SearchKind) => readonly string[], withKind: boolean) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => decodeBrowseState(search, sortKeys), [search, sortKeys]);
  const go = (next: BrowseState) => navigate(`${location}?${encodeBrowseState(next, withKind)}`);
  return { search, state, go };
}

/**
 * A search form's draft, which follows the URL: reloading, Back and Forward show the conditions
 * of that search, while editing the form changes only the draft until it is submitted.
 */
export function useDraftOfSearch<T>(search: string, draftOfSearch: () => T) {
  const [draft, setDraft] = useState(draftOfSearch);
  const [draftFor, setDraftFor] = useState(search);
  if (draftFor !== search) {
    setDraftFor(search);
    setDraft(draftOfSearch());
  }
  return [draft, setDraft] as const;
}

export type SearchResult<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous: T | null }
  | { status: 'done'; data: T }
  | { status: 'error'; error: Error };

/**
 * Runs `request` whenever `key` changes (null: nothing to run). Only the latest request's answer
 * is shown: a slow answer to an older search never replaces a newer one.
 */
export function useSearchResult<T>(
  key: string | null,
  request: () => Promise<T>,
  onError?: (error: Error) => void,
): SearchResult<T> {
  const [result, setResult] = useState<SearchResult<T>>({ status: 'idle' });
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setResult((before) => ({
      status: 'loading',
      previous: before.status === 'done' ? before.data : null,
    }));
    request().then(
      (data) => {
        if (current) setResult({ status: 'done', data });
      },
      (error: unknown) => {
        if (!current) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setResult({ status: 'error', error: failure });
        onError?.(failure);
      },
    );
    return () => {
      current = false;
    };
    // The key stands for everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return result;
}
