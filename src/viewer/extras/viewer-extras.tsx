import { useCallback, useState } from 'react';
import type { ViewerHeader } from '../../shared/viewer-layout/viewer-document';
import { csvFileName, timelineCsv } from '../export/timeline-csv';
import { NowPlayingStrip } from '../now-playing/now-playing-strip';
import { ShareDialog } from '../share/share-dialog';
import { TimelineTableView } from '../table/timeline-table-view';
import type { TimelineTable } from '../table/timeline-tables';
import { useTimelineTables, type DocumentSource } from './use-timeline-tables';
import './viewer-extras.css';

export interface ViewerExtrasProps {
  header: ViewerHeader;
  title: string;
  /** The media time now, or null before the viewer is ready. */
  time: () => number | null;
  playing: boolean;
  selectedId: number | null;
  /** Stored files can be shared; a local file cannot. */
  shareableId: number | null;
  documentSource: DocumentSource | undefined;
  /** The embed shows the strip only. */
  embed?: boolean;
  onSeek: (time: number) => void;
}

function download(name: string, text: string) {
  // A byte order mark, so that spreadsheet programs read the UTF-8 labels correctly.
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ExportMenu({ tables, title }: { tables: TimelineTable[]; title: string }) {
  return (
    <details className="viewer-extras__export">
      <summary>Export CSV</summary>
      <ul>
        {tables.map((table) => (
          <li key={table.index}>
            <button
              type="button"
              onClick={() =>
                download(csvFileName(title, table.name, table.kind), timelineCsv(table))
              }
            >
              {table.name || table.kind.toLowerCase()} ({table.kind.toLowerCase()})
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * What the viewer offers beyond the specification: Share (link and embed), the table view, the
 * CSV export and the 'now playing' strip. Mounted by the viewer screen under its toolbar.
 */
export function ViewerExtras(props: ViewerExtrasProps) {
  const tables = useTimelineTables(props.documentSource);
  const [tableOpen, setTableOpen] = useState(false);
  const [shareAt, setShareAt] = useState<number | null>(null);
  const { time } = props;
  const openShare = useCallback(
    () => setShareAt(time() ?? props.header.start),
    [time, props.header],
  );
  const ready = tables.status === 'ready' ? tables.tables : null;

  if (props.embed) {
    return <NowPlayingStrip timelines={props.header.timelines} tables={ready} time={time} />;
  }
  return (
    <div className="viewer-extras">
      <div className="viewer-extras__bar" role="group" aria-label="Share, table and export">
        {props.shareableId !== null && (
          <button type="button" onClick={openShare} aria-haspopup="dialog">
            Share
          </button>
        )}
        <button
          type="button"
          aria-pressed={tableOpen}
          aria-controls="viewer-table-view"
          disabled={!ready}
          onClick={() => setTableOpen((open) => !open)}
        >
          Table
        </button>
        {ready && <ExportMenu tables={ready} title={props.title} />}
        {tables.status === 'error' && props.documentSource && (
          <span role="status">The components could not be loaded for the table and export.</span>
        )}
      </div>
      <NowPlayingStrip timelines={props.header.timelines} tables={ready} time={time} />
      {ready && tableOpen && (
        <div id="viewer-table-view">
          <TimelineTableView
            tables={ready}
            time={time}
            playing={props.playing}
            onSeek={props.onSeek}
          />
        </div>
      )}
      {shareAt !== null && props.shareableId !== null && (
        <ShareDialog
          fileId={props.shareableId}
          title={props.title}
          time={shareAt}
          selectedId={props.selectedId}
          onClose={() => setShareAt(null)}
        />
      )}
    </div>
  );
}
