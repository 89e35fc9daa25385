import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { PrepareOptions, ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { formatTime } from '../shared/time-format';
import { fileHeading } from '../shared/file-names';
import { youtubeVideoId } from '../shared/tla/media-path';
import { ComponentInspector } from './component-inspector';
import { FileNotes } from './file-notes';
import { MissingFiles } from './missing-files';
import { PublishedClock } from './playback-clock';
import { hasPdf, pdfSources, PdfSidePanel } from './pdf/pdf-side-panel';
import { copyMomentLink } from './share/copy-link';
import { TimelinesRegion, useTimelinesRefs } from './timelines-region';
import { TimelineTools } from './timeline-tools/timeline-tools';
import { timelineData } from './timeline-tools/use-timeline-tracks';
import { useGoToBar } from './use-go-to-bar';
import { useViewerController } from './use-viewer-controller';
import { useViewerKeys } from './use-viewer-keys';
import type { ViewerFileClient } from './viewer-file-client';
import { ViewerMedia } from './viewer-media';
import { ViewerToolbar, type VideoSize } from './viewer-toolbar';
import { useStudyPlayback } from './use-study-playback';
import { hasSideColumn, INSPECTOR_HINT, watchSideColumn } from './side-column';

interface ViewerScreenProps {
  header: ViewerHeader;
  client: ViewerFileClient;
  mediaBaseUrl: string;
  /** 'local': nothing stored, no share; 'embed': chrome-less, no inspector unless asked. */
  mode?: 'stored' | 'local' | 'embed';
  showInspector?: boolean;
  /** Stored files: whether the person looking owns the file (what a note without media says). */
  owner?: boolean;
}

/**
 * The loaded viewer. It keeps the file's header: showing hidden timelines or the waveform row
 * prepares the file again (in the file worker) and the screen starts over with the new stack.
 */
export function ViewerScreen(props: ViewerScreenProps) {
  const [shown, setShown] = useState({ from: props.header, header: props.header, stack: 0 });
  const current = shown.from === props.header ? shown : { header: props.header, stack: 0 };
  const { client } = props;
  const onPrepare = useCallback(
    (options: PrepareOptions) => {
      void client.prepareWith(options).then((result) => {
        if (!result.ok) return;
        setShown((before) => ({
          from: props.header,
          header: result.header,
          stack: before.stack + 1,
        }));
      });
    },
    [client, props.header],
  );
  // Another stack, another screen: the stage's canvas, once handed to its worker, stays with it.
  return (
    <LoadedViewer key={current.stack} {...props} header={current.header} onPrepare={onPrepare} />
  );
}

/** The viewer of one prepared file: media, toolbar, timelines and inspector. */
function LoadedViewer({
  header,
  client,
  mediaBaseUrl,
  mode = 'stored',
  showInspector = true,
  owner = false,
  onPrepare,
}: ViewerScreenProps & { onPrepare: (options: PrepareOptions) => void }) {
  const work = header.concreteWork;
  const storage = work.storage;
  const videoId = storage === 'youtube' ? youtubeVideoId(work.url) : null;
  const [videoSize, setVideoSize] = useState<VideoSize>('medium');
  const refs = useTimelinesRefs();
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const youtubeRef = useRef<HTMLDivElement>(null);
  const clockRef = useRef<HTMLOutputElement>(null);
  // The one playback clock: the playhead loop publishes the time, the rest subscribe.
  const clock = useMemo(() => new PublishedClock(), []);
  const viewer = useViewerController({
    header,
    client,
    mode,
    refs,
    mediaRef,
    youtubeRef,
    clockRef,
    clock,
  });
  const { controllerRef, playing, looping, selection, problem, stack, shareMoment } = viewer;
  useViewerKeys(controllerRef);
  const goToBar = useGoToBar(client, controllerRef);
  const study = useStudyPlayback(controllerRef, selection !== null, looping);
  // The score PDF panel reads the same media clock as the playhead, once per frame.
  const pdfs = useMemo(() => pdfSources(header.timelines), [header]);
  const loadPageWindows = useCallback(
    (timeline: number) => client.api.pdfPageWindows(timeline),
    [client],
  );
  // The table view, the strip and the export ask the file worker, which holds the file.
  const data = useMemo(() => timelineData(client.api), [client]);
  const hasBars = header.timelines.some((timeline) => timeline.kind === 'BEAT');
  const sidePanel = hasPdf(pdfs) ? (
    <PdfSidePanel sources={pdfs} clock={clock} loadPageWindows={loadPageWindows} />
  ) : null;
  const selectedHeader = selection ? header.timelines[selection.ref.timeline] : undefined;
  const control = () => controllerRef.current;
  const inspector = showInspector && selection && selectedHeader && (
    <ComponentInspector
      kind={selectedHeader.kind}
      timelineName={selectedHeader.name}
      component={selection.component}
      context={selection.context}
      rowNames={new Map((selectedHeader.rows ?? []).map((row) => [row.id, row.name]))}
      onClose={() => void control()?.select(null)}
    />
  );
  // Wide windows: the inspector beside the timelines, not below them out of view.
  const beside = useSyncExternalStore(watchSideColumn, hasSideColumn, () => false) && showInspector;

  return (
    <div className={`viewer-layout${sidePanel || beside ? ' viewer-layout--with-panel' : ''}`}>
      <div className="viewer-main">
        <ViewerMedia
          work={work}
          mediaBaseUrl={mediaBaseUrl}
          videoId={videoId}
          videoSize={videoSize}
          mediaRef={mediaRef}
          youtubeRef={youtubeRef}
        />
        <MissingFiles files={header.missingFiles} local={mode === 'local'} owner={owner} />
        <ViewerToolbar
          canPlay={storage !== 'abstract'}
          playing={playing}
          isVideo={work.type === 'video' && storage !== 'abstract'}
          videoSize={videoSize}
          clockRef={clockRef}
          initialClock={`${formatTime(0)} / ${formatTime(header.end - header.start)}`}
          onPlayPause={() => control()?.togglePlay()}
          {...study}
          onZoomIn={() => control()?.zoomStep(1)}
          onZoomOut={() => control()?.zoomStep(-1)}
          onFit={() => control()?.fitToScreen()}
          onVideoSize={setVideoSize}
          onGoToBar={hasBars ? goToBar : null}
          onCopyLink={() => copyMomentLink(shareMoment())}
        />
        <TimelineTools
          header={header}
          title={fileHeading(header.abstractWork.title, header.fileName)}
          clock={clock}
          shareMoment={shareMoment}
          follow={study.follow}
          onFollow={study.onFollow}
          playing={playing}
          shareableId={mode === 'local' ? null : header.id}
          data={data}
          embed={mode === 'embed'}
          onSeek={viewer.seekTo}
          onPlayFrom={viewer.playFrom}
        />
        {problem && (
          <p className="viewer-problem" role="alert">
            {problem}
          </p>
        )}
        {header.timelines.length === 0 && (
          <p className="viewer-note" role="status">
            This file has no timelines.
          </p>
        )}
        <TimelinesRegion header={header} stack={stack} refs={refs} controllerRef={controllerRef} />
        {!beside && inspector}
        {/* Under the timelines: nothing above them moves from the first frame to the last. */}
        {mode !== 'embed' && (
          <FileNotes
            header={header}
            viewing={mode === 'local' ? 'local' : owner ? 'owner' : 'other'}
            onPrepare={onPrepare}
          />
        )}
      </div>
      {(sidePanel || beside) && (
        <div className={`viewer-side-panel${sidePanel ? '' : ' viewer-side-panel--inspector'}`}>
          {beside && (inspector || (!sidePanel && <p className="viewer-hint">{INSPECTOR_HINT}</p>))}
          {sidePanel}
        </div>
      )}
    </div>
  );
}
