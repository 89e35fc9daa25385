import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { viewerMomentPath } from '../app/routes';
import { ApiRequestError } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import { componentsExportUrl, queryComponents } from '../lib/search-api';
import { conditionsQuery, type BrowseState } from '../lib/search-url';
import type { ComponentsQueryResponse, SearchComponentJson } from '../shared/api-types';
import {
  COMPONENT_CONDITION_PROPERTIES,
  FILE_PROPERTIES,
  SEARCH_KINDS,
  componentSortKeys,
  type SearchKind,
  type SortDirection,
} from '../shared/search-fields';
import { filesNeedingName, shownTitle } from '../shared/file-names';
import { formatTime } from '../shared/time-format';
import { barAndBeat } from '../shared/time-map/musical-text';
import { BrowseGrid, type BrowseColumn } from './browse-grid';
import { ConditionList, draftCondition, type DraftCondition } from './condition-list';
import { Pagination } from './pagination';
import { ConnectionError, LoadingIndicator } from './result-status';
import { nextSort } from './sortable-header';
import { useBrowseUrl, useDraftOfSearch, useSearchResult } from './use-browse-search';
import '../styles/browse.css';

const KIND_LABELS: { [K in SearchKind]: string } = {
  HIERARCHY: 'Hierarchy',
  MARKER: 'Marker',
  BEAT: 'Beat',
  RANGE: 'Range',
  HARMONY: 'Harmony',
};

/** The work's columns, first whatever the kind. */
const WORK_COLUMNS: readonly BrowseColumn[] = [
  ['TITLE', 'title'],
  ['COMPOSER', 'composer'],
];

/** The columns after TITLE and COMPOSER, per kind (SPEC.md section 2), with their sort keys. */
const KIND_COLUMNS: { [K in SearchKind]: readonly BrowseColumn[] } = {
  HIERARCHY: [
    ['LABEL', 'label'],
    ['FORM. FUNC.', 'formal_function'],
    ['FORM. TYPE', 'formal_type'],
    ['START', 'start'],
    ['END', 'end'],
    ['COMMENTS', 'comments'],
  ],
  MARKER: [
    ['LABEL', 'label'],
    ['TIME', 'time'],
    ['COMMENTS', 'comments'],
  ],
  BEAT: [['TIME', 'time']],
  RANGE: [
    ['LABEL', 'label'],
    ['ROW', 'row_name'],
    ['START', 'start'],
    ['END', 'end'],
    ['COMMENTS', 'comments'],
  ],
  HARMONY: [
    ['KEY', 'key'],
    ['NUMERAL', 'numeral'],
    ['QUALITY', 'quality'],
    ['INV.', 'inversion'],
    ['APPLIED TO', 'applied_to'],
    ['TIME', 'time'],
    ['COMMENTS', 'comments'],
  ],
};

/** What a harmony condition's value looks like, as the viewer shows it. */
const HARMONY_PLACEHOLDERS: Record<string, string> = {
  numeral: 'V7, ii6, V65/V, viio7...',
  key: 'A major, f# minor, Eb...',
  quality: 'major, dominant-seventh...',
  inversion: '0 (root position) to 3',
  applied_to: 'V (for .../V), ii...',
};

const TIME_KEYS = new Set(['start', 'end', 'time']);

const drafts = (conditions: BrowseState['fileConditions']) =>
  conditions.map((c) => draftCondition(c.property, c.value));

interface Draft {
  kind: SearchKind;
  file: DraftCondition[];
  component: DraftCondition[];
  orderBy: string;
  direction: SortDirection;
}

const draftOf = (state: BrowseState): Draft => ({
  kind: state.kind,
  file: drafts(state.fileConditions),
  component: drafts(state.componentConditions),
  orderBy: state.orderBy,
  direction: state.direction,
});

/**
 * /browse/timelines: components of hierarchy, marker, beat or range timelines (SPEC.md section 2),
 * and the chords of harmony timelines.
 */
export function BrowseTimelinesPage() {
  usePageTitle('Search');
  const { search, state, go } = useBrowseUrl(componentSortKeys, true);

  const [draft, setDraft] = useDraftOfSearch(search, () => draftOf(state));

  const searchQuery = {
    'tl.kind': state.kind,
    cmp: conditionsQuery(state.componentConditions),
    file: conditionsQuery(state.fileConditions),
  };
  // Nothing runs until a first search; from then on the URL holds it (with its page number).
  const result = useSearchResult<ComponentsQueryResponse>(
    state.searched ? search : null,
    () => queryComponents(searchQuery, state),
    (error) => window.alert(`Error connecting to server.\n${reasonOf(error)}`),
  );

  const plain = (conditions: DraftCondition[]) =>
    conditions.map(({ property, value }) => ({ property, value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go({
      kind: draft.kind,
      fileConditions: plain(draft.file),
      componentConditions: plain(draft.component),
      orderBy: componentSortKeys(draft.kind).includes(draft.orderBy) ? draft.orderBy : 'title',
      direction: draft.direction,
      page: 1,
      searched: true,
    });
  };
  const onKind = (kind: SearchKind) =>
    // SPEC.md: changing the kind clears the component conditions.
    setDraft((before) => ({ ...before, kind, component: [] }));
  // Another kind chosen since the last search: its results are of the old kind and go, and the
  // grid's headings are the new kind's, until the search is run.
  const showsSearch = state.searched && draft.kind === state.kind;
  const shownKind = draft.kind;
  const sortedBy = showsSearch ? state : draft;
  const columns = [...WORK_COLUMNS, ...KIND_COLUMNS[shownKind]];
  const onSort = (key: string) => {
    const sort = nextSort(sortedBy.orderBy, sortedBy.direction, key);
    setDraft((before) => ({ ...before, ...sort }));
    if (showsSearch) go({ ...state, ...sort, page: 1 });
  };

  const data = showsSearch && result.status === 'done' ? result.data : null;
  return (
    <div className="page browse-page">
      <h1>Search timelines</h1>
      <form className="browse-form" onSubmit={onSubmit}>
        <fieldset className="kind-choice">
          <legend>Timeline kind</legend>
          {SEARCH_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="timeline-kind"
                value={kind}
                checked={draft.kind === kind}
                onChange={() => onKind(kind)}
              />{' '}
              {KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <ConditionList
          legend="File conditions"
          properties={FILE_PROPERTIES}
          conditions={draft.file}
          onChange={(file) => setDraft((before) => ({ ...before, file }))}
        />
        <ConditionList
          legend="Component conditions"
          properties={COMPONENT_CONDITION_PROPERTIES[draft.kind]}
          conditions={draft.component}
          onChange={(component) => setDraft((before) => ({ ...before, component }))}
          placeholderFor={(property) =>
            TIME_KEYS.has(property)
              ? 'seconds, 0:01:23.45 or a range a-b'
              : draft.kind === 'HARMONY'
                ? (HARMONY_PLACEHOLDERS[property] ?? 'contains...')
                : 'contains...'
          }
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <div className="browse-results">
        <BrowseGrid columns={columns} sort={sortedBy} onSort={onSort} fixedHeadings={['BAR']}>
          {data && <ComponentRows data={data} kind={state.kind} />}
        </BrowseGrid>
        {showsSearch && result.status === 'loading' && <LoadingIndicator />}
        {showsSearch && result.status === 'error' && <ConnectionError />}
        {data && data.count === 0 && <p className="browse-empty">No components match.</p>}
        {data && data.count > 0 && (
          <p className="browse-export">
            <a href={componentsExportUrl(searchQuery, state)} download>
              Export all {data.count} results as CSV
            </a>
          </p>
        )}
      </div>
      {data && (
        <Pagination
          count={data.count}
          page={state.page}
          onPage={(page) => go({ ...state, page })}
        />
      )}
    </div>
  );
}

function ComponentRows({ data, kind }: { data: ComponentsQueryResponse; kind: SearchKind }) {
  const timelines = new Map(data.timelines.map((timeline) => [timeline.id, timeline]));
  const files = new Map(data.files.map((file) => [file.id, file]));
  const concrete = new Map(data.concrete_works.map((work) => [work.id, work]));
  const abstract = new Map(data.abstract_works.map((work) => [work.id, work]));
  const workOf = (fileId: number) => {
    const file = files.get(fileId);
    const performance = file ? concrete.get(file.concrete_work_id) : undefined;
    return performance ? abstract.get(performance.abstract_work_id) : undefined;
  };
  // Several files of the page may be called alike (untitled exports): their file names tell.
  const named = filesNeedingName(data.files.map((f) => ({ id: f.id, title: workOf(f.id)?.title })));
  return data.components.map((component) => {
    const fileId = timelines.get(component.timeline_id)?.file_id;
    const work = fileId === undefined ? undefined : workOf(fileId);
    const fileName = fileId === undefined ? undefined : files.get(fileId)?.original_name;
    return (
      <tr key={component.id}>
        <td className="browse-grid__title">
          {fileId === undefined ? (
            ''
          ) : (
            <Link href={viewerMomentPath(fileId, componentTime(component), component.id)}>
              {shownTitle(work?.title)}
            </Link>
          )}
          {fileId !== undefined && named.has(fileId) && fileName && (
            <span className="file-name">{fileName}</span>
          )}
        </td>
        <td data-label="COMPOSER">{work?.composer}</td>
        {KIND_COLUMNS[kind].map(([label, key]) => (
          <td key={key} className={TIME_KEYS.has(key) ? 'time' : undefined} data-label={label}>
            {cellText(component, key)}
          </td>
        ))}
        <td data-label="BAR">{barCell(component)}</td>
      </tr>
    );
  });
}

/** Where a search result sits in its recording: a point's time, a span's start. */
function componentTime(component: SearchComponentJson): number {
  return 'time' in component ? component.time : 'start' in component ? component.start : 0;
}

/** Where a result falls in its file's bars; empty in a file without them. */
function barCell({ measure, pass, beat }: SearchComponentJson): string {
  return measure === null || beat === null ? '' : barAndBeat(measure, pass ?? 1, beat);
}

/** Why a search failed: the server's words for a refused condition (a 400), else the error's. */
function reasonOf(error: Error): string {
  if (error instanceof ApiRequestError && error.status === 400) {
    const reasons = ['query', 'order_by', 'order_direction', 'page'].flatMap((parameter) =>
      error.messages(parameter),
    );
    if (reasons.length > 0) return reasons.join('\n');
  }
  return error.message;
}

const DEGREES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

function cellText(component: SearchComponentJson, key: string): string {
  const value = (component as unknown as Record<string, unknown>)[key];
  // A chord's key: 'A' major, 'f#' minor, '' before the first key.
  if (key === 'key' && typeof value === 'string') {
    if (value === '') return '';
    return value === value.toLowerCase() ? `${value} minor` : `${value} major`;
  }
  if (key === 'applied_to' && typeof value === 'number') {
    return value === 0 ? '' : `/${DEGREES[value] ?? ''}`;
  }
  if (typeof value === 'number') return TIME_KEYS.has(key) ? formatTime(value) : String(value);
  return typeof value === 'string' ? value : '';
}
