import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { viewerPath } from '../app/routes';
import { withProductName, usePageTitle } from '../lib/use-page-title';
import { fetchUsername, queryFiles } from '../lib/search-api';
import { downloadTla } from '../lib/tla-download';
import { conditionsQuery, type BrowseState } from '../lib/search-url';
import type { FilesQueryResponse } from '../shared/api-types';
import { FILE_PROPERTIES, FILE_SORT_KEYS } from '../shared/search-fields';
import { filesNeedingName, shownTitle } from '../shared/file-names';
import { BrowseGrid, type BrowseColumn } from './browse-grid';
import { ConditionList, draftCondition, type DraftCondition } from './condition-list';
import { DownloadIcon, ViewIcon } from './browse-icons';
import { Pagination } from './pagination';
import { ConnectionError, LoadingIndicator } from './result-status';
import { nextSort } from './sortable-header';
import { useBrowseUrl, useDraftOfSearch, useSearchResult } from './use-browse-search';
import '../styles/browse.css';

const fileSortKeys = () => FILE_SORT_KEYS;

const FILE_COLUMNS: readonly BrowseColumn[] = [
  ['TITLE', 'title'],
  ['COMPOSER', 'composer'],
  ['PERFORMER', 'performer'],
  ['ANNOTATOR', 'file_author'],
];

const toDrafts = (state: BrowseState): DraftCondition[] =>
  state.fileConditions.length > 0
    ? state.fileConditions.map((c) => draftCondition(c.property, c.value))
    : [draftCondition(FILE_PROPERTIES[0])];

/** /browse/files: public files by title, composer and performer (SPEC.md section 2). */
export function BrowseFilesPage() {
  usePageTitle(withProductName('Browse files'));
  const { search, state, go } = useBrowseUrl(fileSortKeys, false);

  const [drafts, setDrafts] = useDraftOfSearch(search, () => toDrafts(state));

  // The file list is browsable before any search: the URL without a query is the first page.
  const result = useSearchResult<FilesQueryResponse>(search, () =>
    queryFiles(conditionsQuery(state.fileConditions), state),
  );
  const authors = useAuthorNames(result.status === 'done' ? result.data : null);

  const applied = (changes: Partial<BrowseState>): BrowseState => ({
    ...state,
    fileConditions: drafts.map(({ property, value }) => ({ property, value })),
    page: 1,
    searched: true,
    ...changes,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(applied({}));
  };
  const onSort = (key: string) => go(applied(nextSort(state.orderBy, state.direction, key)));
  const onPage = (page: number) => go({ ...state, page, searched: true });

  const data = result.status === 'done' ? result.data : null;
  return (
    <div className="page browse-page">
      <h1>Browse files</h1>
      <form className="browse-form" onSubmit={onSubmit}>
        <ConditionList
          legend="Search conditions"
          properties={FILE_PROPERTIES}
          conditions={drafts}
          onChange={setDrafts}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <div className="browse-results">
        <BrowseGrid
          columns={FILE_COLUMNS}
          sort={state}
          onSort={onSort}
          fixedHeadings={['VIEW', 'DOWNLOAD']}
        >
          {data && <FileRows data={data} authors={authors} />}
        </BrowseGrid>
        {result.status === 'loading' && <LoadingIndicator />}
        {result.status === 'error' && <ConnectionError />}
        {data && data.count === 0 && <p className="browse-empty">No files match.</p>}
      </div>
      {data && <Pagination count={data.count} page={state.page} onPage={onPage} />}
    </div>
  );
}

function FileRows({ data, authors }: { data: FilesQueryResponse; authors: Map<number, string> }) {
  const concrete = new Map(data.concrete_works.map((work) => [work.id, work]));
  const abstract = new Map(data.abstract_works.map((work) => [work.id, work]));
  const rows = data.files.map((file) => {
    const performance = concrete.get(file.concrete_work_id);
    const work = performance ? abstract.get(performance.abstract_work_id) : undefined;
    return { id: file.id, file, performance, work, title: shownTitle(work?.title) };
  });
  const named = filesNeedingName(rows);
  return rows.map(({ id, file, performance, work, title }) => {
    // What a control's label calls the file: with its file name when its title is not enough.
    const name = named.has(id) ? `${title} (${file.original_name})` : title;
    return (
      <tr key={id}>
        <td className="browse-grid__title">
          <span className="file-title">{title}</span>
          {named.has(id) && <span className="file-name">{file.original_name}</span>}
        </td>
        <td data-label="COMPOSER">{work?.composer}</td>
        <td data-label="PERFORMER">{performance?.artist}</td>
        <td data-label="ANNOTATOR">{authors.get(file.author_id) ?? ''}</td>
        <td className="card-rows__action" data-label="VIEW">
          <Link href={viewerPath(id)} className="icon-link" aria-label={`View ${name}`}>
            <ViewIcon />
          </Link>
        </td>
        <td className="card-rows__action" data-label="DOWNLOAD">
          <button
            type="button"
            className="icon-link"
            aria-label={`Download ${name}`}
            onClick={() => {
              downloadTla(id, title).catch((error: unknown) =>
                window.alert(
                  `Download failed: ${error instanceof Error ? error.message : String(error)}`,
                ),
              );
            }}
          >
            <DownloadIcon />
          </button>
        </td>
      </tr>
    );
  });
}

/** Annotator names, each author asked for once however many rows and pages show them. */
function useAuthorNames(data: FilesQueryResponse | null): Map<number, string> {
  const known = useRef(new Map<number, Promise<string>>());
  const [names, setNames] = useState(() => new Map<number, string>());
  useEffect(() => {
    if (!data) return;
    let current = true;
    const ids = [...new Set(data.files.map((file) => file.author_id))];
    for (const id of ids) {
      if (!known.current.has(id)) known.current.set(id, fetchUsername(id));
    }
    void Promise.all(ids.map(async (id) => [id, await known.current.get(id)!] as const)).then(
      (found) => {
        if (current) setNames((before) => new Map([...before, ...found]));
      },
    );
    return () => {
      current = false;
    };
  }, [data]);
  return names;
}
