import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths, viewerPath } from '../app/routes';
import { apiPost, ApiRequestError } from '../lib/api-client';
import { saveBlob } from '../lib/save-file';
import { usePageTitle } from '../lib/use-page-title';
import type { TqlErrorResponse, TqlQueryResponse } from '../shared/api-contract/tql';
import { tqlJams, tqlWebAnnotations, type TqlRow } from '../shared/exports/tql-exports';
import { TqlError } from '../shared/tql/tql-ast';
import { QUERY_EXAMPLES } from '../shared/tql/tql-examples';
import { parseTql } from '../shared/tql/tql-parser';
import { rowsCsv, unitText, unitViewerHref, utf16Span } from '../shared/tql/tql-results';
import { ConnectionError, LoadingIndicator } from './result-status';
import { useSearchResult } from './use-browse-search';
import '../styles/query-page.css';

type Problem = { message: string; start: number; end: number };

type Answer = { kind: 'rows'; body: TqlQueryResponse } | { kind: 'problem'; problem: Problem };

async function runQuery(query: string, file: number | null): Promise<Answer> {
  try {
    parseTql(query);
  } catch (error) {
    if (error instanceof TqlError) return { kind: 'problem', problem: error };
    throw error;
  }
  try {
    const body = { query, ...(file === null ? {} : { files: [file] }) };
    const response = await apiPost<TqlQueryResponse>('tql/query', body, { timeoutMs: 30_000 });
    return { kind: 'rows', body: response.data };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) {
      const data = error.data as Partial<TqlErrorResponse>;
      if (typeof data.start === 'number' && typeof data.end === 'number') {
        return {
          kind: 'problem',
          problem: { message: String(data.message), start: data.start, end: data.end },
        };
      }
    }
    throw error;
  }
}

/** The query with the problem's characters underlined, where they are. */
function Underlined({ text, problem }: { text: string; problem: Problem }) {
  const [start, end] = utf16Span(text, problem.start, problem.end);
  const culprit = text.slice(start, end);
  return (
    <div className="query-problem" role="alert">
      <pre className="query-problem__text" aria-hidden="true">
        {text.slice(0, start)}
        <mark className="query-problem__mark">{culprit === '' ? ' ' : culprit}</mark>
        {text.slice(end)}
      </pre>
      <p className="query-problem__message">{problem.message}</p>
    </div>
  );
}

function Results({ body, query }: { body: TqlQueryResponse; query: string }) {
  if (body.grain !== 'units') {
    return (
      <div className="query-results">
        <pre className="query-plain">{JSON.stringify(body.rows, null, 2)}</pre>
      </div>
    );
  }
  const rows = body.rows as TqlRow[];
  const steps = Math.max(0, ...rows.map((row) => row.steps.length));
  const download = () =>
    saveBlob(new Blob([rowsCsv(rows)], { type: 'text/csv;charset=utf-8' }), 'query-results.csv');
  // The same rows as JAMS and as W3C Web Annotations, with the query kept in them.
  const options = { query, siteUrl: window.location.origin };
  const saveJson = (value: unknown, name: string, type: string) =>
    saveBlob(new Blob([JSON.stringify(value, null, 2)], { type }), name);
  const downloadJams = () =>
    saveJson(tqlJams(rows, options), 'query-results.jams', 'application/json');
  const downloadAnnotations = () =>
    saveJson(tqlWebAnnotations(rows, options), 'query-results.jsonld', 'application/ld+json');
  return (
    <div className="query-results">
      <div className="query-results__bar">
        <span role="status">
          {rows.length} {rows.length === 1 ? 'match' : 'matches'}
          {body.stopped === 'limit' ? ' (stopped at the row limit)' : ''}
          {body.stopped === 'time_limit' ? ' (stopped at the time limit)' : ''}
        </span>
        {rows.length > 0 && (
          <span className="query-results__downloads">
            <button type="button" className="button" onClick={download} title={`CSV of: ${query}`}>
              Download CSV
            </button>
            <button type="button" className="button" onClick={downloadJams}>
              JAMS
            </button>
            <button type="button" className="button" onClick={downloadAnnotations}>
              Web Annotation
            </button>
          </span>
        )}
      </div>
      {body.warnings.length > 0 && (
        <ul className="query-warnings">
          {body.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <div className="query-grid-scroll">
          <table className="query-grid">
            <thead>
              <tr>
                <th scope="col">File</th>
                {Array.from({ length: steps }, (_, i) => (
                  <th scope="col" key={i}>
                    ${i + 1}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td>
                    <Link
                      href={`${viewerPath(row.file.id)}?t=${Math.round(row.start * 100) / 100}`}
                    >
                      {row.file.title}
                    </Link>
                  </td>
                  {Array.from({ length: steps }, (_, i) => (
                    <td key={i}>
                      {(row.steps[i] ?? []).map((unit, u) => (
                        <span key={u}>
                          {u > 0 && ', '}
                          <Link
                            href={unitViewerHref(unit)}
                            className={unit.target ? 'query-unit query-unit--target' : 'query-unit'}
                          >
                            {unitText(unit)}
                          </Link>
                        </span>
                      ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** /browse/query: TQL over the corpus, the query in the URL (?q=, ?file= for one file). */
export function QueryPage() {
  usePageTitle('Query');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const query = params.get('q') ?? '';
  const fileText = params.get('file');
  const file = fileText !== null && /^\d+$/.test(fileText) ? Number(fileText) : null;
  const [draft, setDraft] = useState(query);
  const [draftFor, setDraftFor] = useState(search);
  if (draftFor !== search) {
    setDraftFor(search);
    setDraft(query);
  }
  const [examplesOpen, setExamplesOpen] = useState(query === '');
  const key = query.trim() === '' ? null : search;
  const result = useSearchResult<Answer>(key, () => runQuery(query, file));

  const go = (text: string) => {
    const next = new URLSearchParams();
    next.set('q', text);
    if (file !== null) next.set('file', String(file));
    navigate(`${location}?${next.toString()}`);
  };
  const run = () => {
    if (draft === query) {
      // The same query again: the URL stays, the answer is asked for anew.
      setDraftFor('');
    }
    go(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  };
  useEffect(() => {
    document.getElementById('tql-query')?.focus();
  }, []);

  return (
    <main className="page query-page">
      <h1>Query</h1>
      <p className="query-intro">
        Ask structural questions of every public analysis in TQL (read-only TQL 0.1.0). A query
        names units and how they follow or relate: <code>HC THEN PAC IN cadences</code>. See{' '}
        <Link href={paths.browseTimelines}>Timelines</Link> for a search by field values.
        {file !== null && (
          <>
            {' '}
            This query runs on <Link href={viewerPath(file)}>file {file}</Link> only.
          </>
        )}
      </p>
      <form
        className="query-form"
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <label htmlFor="tql-query" className="query-form__label">
          TQL query
        </label>
        <textarea
          id="tql-query"
          className="query-form__text"
          value={draft}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          rows={3}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="query-form__actions">
          <button type="submit" className="button button--primary">
            Run
          </button>
          <span className="query-form__hint">Ctrl+Enter runs the query</span>
        </div>
      </form>
      <details
        className="query-examples"
        open={examplesOpen}
        onToggle={(event) => setExamplesOpen(event.currentTarget.open)}
      >
        <summary>Example queries</summary>
        <ul>
          {QUERY_EXAMPLES.map((example) => (
            <li key={example.query}>
              <button
                type="button"
                className="query-example"
                onClick={() => {
                  setDraft(example.query);
                  setExamplesOpen(false);
                  go(example.query);
                }}
              >
                <code>{example.query}</code>
              </button>{' '}
              <span className="query-example__about">{example.about}</span>
            </li>
          ))}
        </ul>
      </details>
      {result.status === 'loading' && <LoadingIndicator />}
      {result.status === 'error' && <ConnectionError />}
      {result.status === 'done' && result.data.kind === 'problem' && (
        <Underlined text={query} problem={result.data.problem} />
      )}
      {result.status === 'done' && result.data.kind === 'rows' && (
        <Results body={result.data.body} query={query} />
      )}
    </main>
  );
}
