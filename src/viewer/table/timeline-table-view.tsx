import { useEffect, useId, useRef, useState } from 'react';
import {
  currentRow,
  rowSpoken,
  trackRowCount,
  type TimelineTrack,
} from '../../shared/timeline-tables/timeline-tracks';
import { formatTime } from '../../shared/time-format';
import type { PlaybackClock } from '../playback-clock';
import { gridMove, pageOf, TABLE_PAGE_SIZE } from './grid-keys';

/** The cells of `count` rows of a timeline from row `first` (the file worker's tableRows). */
export type RowLoader = (timeline: number, first: number, count: number) => Promise<string[][]>;

interface TableViewProps {
  tracks: TimelineTrack[];
  loadRows: RowLoader;
  /** The viewer's playback clock: the row under the playhead is marked when it moves. */
  clock: PlaybackClock;
  playing: boolean;
  onSeek: (time: number) => void;
  /** Enter on a row: play from its time. */
  onPlayFrom: (time: number) => void;
}

interface Focus {
  row: number;
  column: number;
}

/** Rows on screen: the cells of the rows from `first` of one timeline, as the worker sent them. */
interface RowWindow {
  timeline: number;
  first: number;
  cells: string[][];
}

/**
 * The cells of the page of rows shown, from the worker; the latest page asked for wins. Until it
 * arrives the previous page of the same timeline stays (its rows keep their own indices).
 */
function useRowWindow(
  track: TimelineTrack | undefined,
  first: number,
  loadRows: RowLoader,
): RowWindow | null {
  const [rows, setRows] = useState<RowWindow | null>(null);
  useEffect(() => {
    if (!track) return;
    let latest = true;
    void loadRows(track.index, first, TABLE_PAGE_SIZE).then(
      (cells) => latest && setRows({ timeline: track.index, first, cells }),
      () => undefined,
    );
    return () => {
      latest = false;
    };
  }, [track, first, loadRows]);
  return rows && track && rows.timeline === track.index ? rows : null;
}

/**
 * The 'Table' view: one timeline at a time as an ARIA grid. Arrow keys move between cells,
 * Page Up/Down and Ctrl+Home/End between pages and ends, Enter plays from the row's time.
 * Rows are shown a page at a time (a beat timeline can have tens of thousands), their cells asked
 * of the file worker page by page; the row count, the row under the playhead and what is said
 * for it come from the timeline's track. aria-rowcount and aria-rowindex tell screen readers
 * where they are in the whole timeline. The row under the playhead is marked from the frame
 * loop, not by re-rendering, and announced (politely, only while playing) in a live region.
 */
export function TimelineTableView(props: TableViewProps) {
  const { tracks, loadRows, clock, playing, onSeek, onPlayFrom } = props;
  const ids = useId();
  const [chosen, setChosen] = useState(0);
  const [focus, setFocus] = useState<Focus>({ row: 0, column: 0 });
  const [page, setPage] = useState(0);
  const track = tracks[Math.min(chosen, tracks.length - 1)];
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const liveRef = useRef<HTMLParagraphElement>(null);
  const moveFocusRef = useRef(false);
  const playingRef = useRef(playing);
  playingRef.current = playing;

  const rowCount = track ? trackRowCount(track) : 0;
  const pageCount = Math.max(1, Math.ceil(rowCount / TABLE_PAGE_SIZE));
  const first = page * TABLE_PAGE_SIZE;
  const shown = useRowWindow(track, first, loadRows);

  useEffect(() => {
    setFocus({ row: 0, column: 0 });
    setPage(0);
  }, [chosen]);

  // Moves DOM focus only after a keyboard move inside the grid, never on playback; a move to
  // another page waits for that page's rows.
  useEffect(() => {
    if (!moveFocusRef.current) return;
    const cell = bodyRef.current?.querySelector<HTMLElement>(
      `[data-row="${focus.row}"] [data-column="${focus.column}"]`,
    );
    if (!cell) return;
    moveFocusRef.current = false;
    cell.focus();
  }, [focus, shown]);

  useEffect(() => {
    if (!track) return;
    let marked: HTMLElement | null = null;
    let announced = -2;
    return clock.subscribe((now) => {
      const index = currentRow(track, now);
      const row = bodyRef.current?.querySelector<HTMLElement>(`[data-row="${index}"]`) ?? null;
      if (row !== marked) {
        marked?.removeAttribute('aria-current');
        marked?.removeAttribute('data-current');
        row?.setAttribute('aria-current', 'true');
        row?.setAttribute('data-current', 'true');
        marked = row;
      }
      if (index !== announced) {
        announced = index;
        const live = liveRef.current;
        if (live && playingRef.current && index >= 0) {
          live.textContent = `${rowSpoken(track, index) || 'unlabelled'}, ${formatTime(track.starts[index]!)}`;
        }
      }
    });
    // `shown`: a new page has new row elements to mark.
  }, [track, clock, shown]);

  if (!track) return <p>No timeline of this file can be shown as a table.</p>;

  const onKeyDown = (event: React.KeyboardEvent) => {
    // Space stays play/pause, as everywhere in the viewer.
    if (event.key === 'Enter') {
      const start = track.starts[focus.row];
      if (start !== undefined) {
        event.preventDefault();
        onPlayFrom(start);
      }
      return;
    }
    const next = gridMove(focus, event.key, event.ctrlKey || event.metaKey, {
      rows: rowCount,
      columns: track.columns.length,
    });
    if (!next) return;
    event.preventDefault();
    moveFocusRef.current = true;
    setFocus(next);
    setPage(pageOf(next.row));
  };

  const goToPage = (target: number) => {
    const clamped = Math.max(0, Math.min(pageCount - 1, target));
    setPage(clamped);
    setFocus({ row: clamped * TABLE_PAGE_SIZE, column: 0 });
  };

  const captionId = `${ids}-caption`;
  const helpId = `${ids}-help`;
  return (
    <section className="timeline-table" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="timeline-table__heading">
        Timelines as a table
      </h2>
      <div className="timeline-table__controls">
        <label>
          Timeline{' '}
          <select value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
            {tracks.map((t, n) => (
              <option key={t.index} value={n}>
                {(t.name || t.kind.toLowerCase()) + ` (${trackRowCount(t)})`}
              </option>
            ))}
          </select>
        </label>
        <span className="timeline-table__pages">
          <button type="button" onClick={() => goToPage(page - 1)} disabled={page === 0}>
            Previous rows
          </button>
          <span>
            Rows {rowCount === 0 ? 0 : first + 1}–{Math.min(rowCount, first + TABLE_PAGE_SIZE)} of{' '}
            {rowCount}
          </span>
          <button type="button" onClick={() => goToPage(page + 1)} disabled={page >= pageCount - 1}>
            Next rows
          </button>
        </span>
      </div>
      <p id={helpId} className="timeline-table__help">
        Arrow keys move between cells, Page Up and Page Down by {TABLE_PAGE_SIZE} rows, Ctrl+Home
        and Ctrl+End to the first and last row; Enter plays from the row’s time.
      </p>
      <div className="timeline-table__scroller">
        <table
          role="grid"
          aria-labelledby={captionId}
          aria-describedby={helpId}
          aria-rowcount={rowCount + 1}
          aria-colcount={track.columns.length}
          aria-readonly="true"
          data-testid="timeline-table"
          onKeyDown={onKeyDown}
        >
          <caption id={captionId}>
            {track.name || track.kind.toLowerCase()}: {rowCount} components
          </caption>
          <thead>
            <tr aria-rowindex={1}>
              {track.columns.map((column, c) => (
                <th key={column} scope="col" aria-colindex={c + 1}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {shown?.cells.map((cells, n) => {
              const index = shown.first + n;
              return (
                <tr key={index} data-row={index} aria-rowindex={index + 2}>
                  {cells.map((cell, c) => (
                    <td
                      key={c}
                      data-column={c}
                      aria-colindex={c + 1}
                      tabIndex={focus.row === index && focus.column === c ? 0 : -1}
                      onClick={() => setFocus({ row: index, column: c })}
                      onDoubleClick={() => onSeek(track.starts[index]!)}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p
        ref={liveRef}
        className="visually-hidden"
        aria-live="polite"
        data-testid="table-live-region"
      />
    </section>
  );
}
