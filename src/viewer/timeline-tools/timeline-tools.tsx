import { useCallback, useState } from 'react';
import { csvFileName } from '../../shared/timeline-tables/timeline-csv';
import type { TimelineTrack } from '../../shared/timeline-tables/timeline-tracks';
import type { ViewerHeader } from '../../shared/viewer-layout/viewer-document';
import { NowPlayingStrip } from '../now-playing/now-playing-strip';
import type { PlaybackClock } from '../playback-clock';
import type { FollowMode } from '../../state/viewer-prefs';
import { Link } from 'wouter';
import { ExportMenu as FileExportMenu } from '../../app/export-menu';
import { queryFilePath } from '../../app/routes';
import { ShareDialog } from '../share/share-dialog';
import { embedHeight } from '../share/share-links';
import type { ShareMoment } from '../share-params';
import { TimelineTableView } from '../table/timeline-table-view';
import { useTimelineTracks, type TimelineDataApi } from './use-timeline-tracks';
import { saveBlob } from '../../lib/save-file';
import './timeline-tools.css';

export interface TimelineToolsProps {
  header: ViewerHeader;
  title: string;
  /** The viewer's playback clock, which the strip and the table follow. */
  clock: PlaybackClock;
  /** The playhead, zoom and selection a shared link is made from. */
  shareMoment: () => ShareMoment | null;
  playing: boolean;
  /** Stored files can be shared; a local file cannot. */
  shareableId: number | null;
  /** The file worker, which holds the file: tracks, the rows on screen, a timeline's CSV. */
  data: TimelineDataApi;
  /** The embed shows the strip only. */
  embed?: boolean;
  onSeek: (time: number) => void;
  /** Plays from a time (the table view's Enter). */
  onPlayFrom: (time: number) => void;
  /** How the timelines follow playback, and the choice of it. */
  follow?: FollowMode;
  onFollow?: (mode: FollowMode) => void;
}

function download(name: string, bytes: Uint8Array<ArrayBuffer>) {
  // A byte order mark, so that spreadsheet programs read the UTF-8 labels correctly.
  saveBlob(new Blob(['\uFEFF', bytes], { type: 'text/csv;charset=utf-8' }), name);
}

interface ExportMenuProps {
  tracks: TimelineTrack[];
  title: string;
  timelineCsv: TimelineDataApi['timelineCsv'];
}

/** One entry per timeline; the file worker writes the CSV, the page only saves it. */
function ExportMenu({ tracks, title, timelineCsv }: ExportMenuProps) {
  const [failed, setFailed] = useState(false);
  const save = (track: TimelineTrack) => {
    setFailed(false);
    timelineCsv(track.index).then(
      (bytes) => download(csvFileName(title, track.name, track.kind), bytes),
      () => setFailed(true),
    );
  };
  return (
    <details className="timeline-tools__export">
      <summary>Export CSV</summary>
      <ul>
        {tracks.map((track) => (
          <li key={track.index}>
            <button type="button" onClick={() => save(track)}>
              {track.name || track.kind.toLowerCase()} ({track.kind.toLowerCase()})
            </button>
          </li>
        ))}
      </ul>
      {failed && <p role="status">The CSV could not be made.</p>}
    </details>
  );
}

/**
 * What the viewer offers beyond the specification: Share (link and embed), the table view, the
 * CSV export and the 'now playing' strip. Mounted by the viewer screen under its toolbar.
 */
export function TimelineTools(props: TimelineToolsProps) {
  const tracks = useTimelineTracks(props.data);
  const [tableOpen, setTableOpen] = useState(false);
  const [shareAt, setShareAt] = useState<ShareMoment | null>(null);
  const { clock, shareMoment } = props;
  const openShare = useCallback(
    () =>
      setShareAt(
        shareMoment() ?? {
          playhead: props.header.start,
          span: props.header.end - props.header.start,
          selected: null,
        },
      ),
    [shareMoment, props.header],
  );
  const ready = tracks.status === 'ready' ? tracks.tracks : null;

  if (props.embed) {
    return <NowPlayingStrip timelines={props.header.timelines} tracks={ready} clock={clock} />;
  }
  return (
    <div className="timeline-tools">
      <div className="timeline-tools__bar" role="group" aria-label="Share, table, export and query">
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
        {ready && (
          <ExportMenu tracks={ready} title={props.title} timelineCsv={props.data.timelineCsv} />
        )}
        {props.shareableId !== null && (
          // The stored file in the formats of other tools (JAMS, Audacity, Sonic Visualiser...).
          <FileExportMenu fileId={props.shareableId} fileTitle={props.title} />
        )}
        {props.shareableId !== null && (
          // TQL over this file alone: the query page with the file preset.
          <Link className="timeline-tools__link" href={queryFilePath(props.shareableId)}>
            Query this file
          </Link>
        )}
        {props.onFollow && (
          <label className="timeline-tools__follow">
            Follow{' '}
            <select
              value={props.follow}
              title="How the timelines follow playback"
              onChange={(event) => props.onFollow?.(event.target.value as FollowMode)}
            >
              <option value="page">page by page</option>
              <option value="continuous">continuously</option>
            </select>
          </label>
        )}
        {tracks.status === 'error' && (
          <span role="status">The components could not be loaded for the table and export.</span>
        )}
      </div>
      <NowPlayingStrip timelines={props.header.timelines} tracks={ready} clock={clock} />
      {ready && tableOpen && (
        <div id="viewer-table-view">
          <TimelineTableView
            tracks={ready}
            loadRows={props.data.tableRows}
            clock={clock}
            playing={props.playing}
            onSeek={props.onSeek}
            onPlayFrom={props.onPlayFrom}
          />
        </div>
      )}
      {shareAt !== null && props.shareableId !== null && (
        <ShareDialog
          fileId={props.shareableId}
          title={props.title}
          embedHeight={embedHeight(props.header)}
          moment={shareAt}
          onClose={() => setShareAt(null)}
        />
      )}
    </div>
  );
}
