import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MissingFile, ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { formatTime } from '../shared/time-format';
import { missingFileText } from '../shared/early-paint/viewer-page-text';
import { ComponentInspector } from './component-inspector';
import { FileNotes } from './file-notes';
import { fileHeading } from '../shared/file-names';
import type { ViewerFileClient } from './viewer-file-client';
import { htmlMediaAdapter } from './media/html-media-adapter';
import { abstractClock, type MediaAdapter } from './media/media-adapter';
import { youtubeAdapter } from './media/youtube-adapter';
import { youtubeVideoId } from '../shared/tla/media-path';
import { readShareParams, shareUrl, type ShareMoment } from './share-params';
import { fetchRecordingPeaks } from './recording-peaks';
import {
  componentTime,
  ViewerController,
  type Selection,
  type TimelineStack,
} from './viewer-controller';
import { mediaUrl } from './viewer-data';
import { VIDEO_WIDTHS, ViewerToolbar, type VideoSize } from './viewer-toolbar';
import { PublishedClock } from './playback-clock';
import { hasPdf, pdfSources, PdfSidePanel } from './pdf/pdf-side-panel';
import { TimelineTools } from './timeline-tools/timeline-tools';
import { viewerKeyAction } from './viewer-keys';
import { timelineData } from './timeline-tools/use-timeline-tracks';

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
 * The timelines' names, in a column of their own at the left (as the desktop app has them), so
 * that no name ever covers the data; a long name is cut short and shown whole on hover.
 */
function TimelineNames({
  timelines,
  stack,
}: {
  timelines: ViewerHeader['timelines'];
  stack: TimelineStack;
}) {
  return (
    <div className="viewer-names" data-testid="timeline-names">
      <div className="viewer-names__list" style={{ height: Math.ceil(stack.totalHeight) }}>
        {timelines.map((timeline) =>
          timeline.rows && timeline.rows.length > 0 ? (
            <RangeNames
              key={timeline.index}
              timeline={timeline}
              style={rowStyle(stack, timeline)}
            />
          ) : (
            <div
              key={timeline.index}
              className="viewer-name"
              style={rowStyle(stack, timeline)}
              title={timeline.name || undefined}
            >
              {timeline.name}
            </div>
          ),
        )}
      </div>
    </div>
  );
}

/** A Range timeline's name, and its rows' names each in its lane, as the stage draws them. */
function RangeNames({
  timeline,
  style,
}: {
  timeline: ViewerHeader['timelines'][number];
  style: { top: number; height: number };
}) {
  const rows = timeline.rows ?? [];
  const lane = 100 / Math.max(1, rows.length);
  return (
    <div
      className="viewer-name viewer-name--range"
      style={style}
      title={[timeline.name, ...rows.map((row) => row.name)].filter(Boolean).join(': ')}
    >
      <span className="viewer-name__title">{timeline.name}</span>
      {rows.map((row, index) => (
        <span
          key={`${row.id}:${index}`}
          className="viewer-name__lane"
          data-testid="range-row-name"
          style={{ top: `${index * lane}%`, height: `${lane}%` }}
        >
          {row.name}
        </span>
      ))}
    </div>
  );
}

/** A timeline's place in the stack as drawn (its least-height place until the first layout). */
function rowStyle(stack: TimelineStack, timeline: ViewerHeader['timelines'][number]) {
  const row = stack.rows[timeline.index];
  return { top: row?.y ?? timeline.y, height: row?.height ?? timeline.height };
}

/** The stack at the least heights, as the header gives it. */
function leastStack(header: ViewerHeader): TimelineStack {
  return {
    rows: header.timelines.map(({ y, height }) => ({ y, height })),
    totalHeight: header.totalHeight,
  };
}

/**
 * Says which recording or PDF the file names but came without, so that a viewer without a
 * player or a score page explains itself.
 */
function MissingFiles({
  files,
  local,
  owner,
}: {
  files: MissingFile[];
  local: boolean;
  owner: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <div className="viewer-missing" role="note" data-testid="missing-files">
      {files.map(({ what, name }) => (
        <p key={`${what}:${name}`}>{missingFileText({ what, name }, local)}</p>
      ))}
      {owner && !local && (
        <p data-testid="add-missing">
          Add {files.length === 1 ? 'it' : 'them'} from your dashboard: &lsquo;Add recording or
          PDF&rsquo; on the file&rsquo;s row.
        </p>
      )}
    </div>
  );
}

/**
 * The loaded viewer. It keeps the file's header: showing the timelines the file hides prepares
 * the file again (in the file worker) and the screen starts over with the new stack.
 */
export function ViewerScreen(props: ViewerScreenProps) {
  const [shown, setShown] = useState({ from: props.header, header: props.header, stack: 0 });
  const current = shown.from === props.header ? shown : { header: props.header, stack: 0 };
  const { client } = props;
  const onShowHidden = useCallback(
    (show: boolean) => {
      void client.showHidden(show).then((result) => {
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
    <LoadedViewer
      key={current.stack}
      {...props}
      header={current.header}
      onShowHidden={onShowHidden}
    />
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
  onShowHidden,
}: ViewerScreenProps & { onShowHidden: (show: boolean) => void }) {
  const work = header.concreteWork;
  const storage = work.storage;
  const videoId = storage === 'youtube' ? youtubeVideoId(work.url) : null;
  const isVideo = work.type === 'video' && storage !== 'abstract';
  const canPlay = storage !== 'abstract';
  const [playing, setPlaying] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [videoSize, setVideoSize] = useState<VideoSize>('medium');
  const [problem, setProblem] = useState<string | null>(null);
  const [stack, setStack] = useState<TimelineStack>(() => leastStack(header));
  const controllerRef = useRef<ViewerController | null>(null);
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const youtubeRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const playheadRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const rulerRef = useRef<HTMLDivElement>(null);
  const hoverRef = useRef<HTMLDivElement>(null);
  const clockRef = useRef<HTMLOutputElement>(null);
  // The score PDF panel reads the same media clock as the playhead, once per frame.
  const pdfs = useMemo(() => pdfSources(header.timelines), [header]);
  // The one playback clock: the playhead loop publishes the time, the rest subscribe.
  const clock = useMemo(() => new PublishedClock(), []);
  const loadPageWindows = useCallback(
    (timeline: number) => client.api.pdfPageWindows(timeline),
    [client],
  );
  // The table view, the strip and the export ask the file worker, which holds the file.
  const data = useMemo(() => timelineData(client.api), [client]);
  /** What a shared link is made from (share-params.ts). */
  const shareMoment = useCallback((): ShareMoment | null => {
    const controller = controllerRef.current;
    if (!controller) return null;
    const selected = selection
      ? { id: selection.component.id, time: componentTime(selection.component) }
      : null;
    return { playhead: controller.time(), span: controller.shownSeconds(), selected };
  }, [selection]);
  const seekTo = useCallback(
    (time: number) => controllerRef.current?.seek({ time, ifPlaying: true }),
    [],
  );
  const playFrom = useCallback((time: number) => {
    const controller = controllerRef.current;
    controller?.seek({ time, ifPlaying: true });
    controller?.play();
  }, []);
  const hasBars = header.timelines.some((timeline) => timeline.kind === 'BEAT');
  // Enter again on the same bar goes to its next playing through a repeat.
  const lastBar = useRef<{ number: number; time: number } | null>(null);
  const goToBar = useCallback(
    async (number: number): Promise<string | null> => {
      const controller = controllerRef.current;
      if (!controller) return null;
      const last = lastBar.current;
      const again = last?.number === number && Math.abs(controller.time() - last.time) < 0.05;
      const at = await client.api.barStart(number, null, again ? last.time : null);
      if (at === null) return `No bar ${number} in this file`;
      controller.seek({ time: at, ifPlaying: true });
      lastBar.current = { number, time: at };
      return null;
    },
    [client],
  );
  const sidePanel = hasPdf(pdfs) ? (
    <PdfSidePanel sources={pdfs} clock={clock} loadPageWindows={loadPageWindows} />
  ) : null;

  useEffect(() => {
    const region = regionRef.current;
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    const canvasHost = canvasHostRef.current;
    const stage = stageRef.current;
    const playhead = playheadRef.current;
    const rows = rowsRef.current;
    const ruler = rulerRef.current;
    const hover = hoverRef.current;
    if (!region || !scroller || !content || !canvasHost || !stage || !playhead || !rows) return;
    if (!ruler || !hover) return;
    let media: MediaAdapter;
    if (storage === 'staticfiles' && mediaRef.current) {
      media = htmlMediaAdapter(mediaRef.current, header.start);
    } else if (storage === 'youtube' && videoId && youtubeRef.current) {
      media = youtubeAdapter(youtubeRef.current, videoId, header.start, setProblem);
    } else {
      media = abstractClock(header.start);
    }
    const controller = new ViewerController(
      header,
      client,
      media,
      {
        region,
        scroller,
        content,
        stage,
        canvasHost,
        playhead,
        rows,
        ruler,
        hover,
        clock: () => clockRef.current,
      },
      {
        playing: setPlaying,
        stack: setStack,
        selection: setSelection,
        zoom: () => undefined,
        error: setProblem,
      },
      clock,
    );
    controllerRef.current = controller;
    const share = readShareParams(window.location.search);
    void controller.start().then(async () => {
      if (share.componentId !== null) {
        const ref = await client.api.findComponent(share.componentId);
        const selected = ref ? await controller.select(ref) : null;
        if (selected && share.time === null) {
          controller.seek({ time: componentTime(selected.component), ifPlaying: true });
        }
      }
      if (share.bar !== null && share.time === null) {
        const at = await client.api.barStart(share.bar.number, share.bar.pass);
        if (at !== null) controller.seek({ time: at, ifPlaying: true });
      }
      if (share.span !== null) {
        controller.showSpan(share.span, share.time ?? controller.time());
      }
      if (share.time !== null) controller.seek({ time: share.time, ifPlaying: true });
    });
    // The recording's own waveform, drawn in the Audiowave rows once the server has it.
    const peaks = new AbortController();
    if (mode !== 'local' && header.timelines.some((timeline) => timeline.kind === 'AUDIOWAVE')) {
      void fetchRecordingPeaks(header.id, peaks.signal).then(async (bytes) => {
        if (bytes && !peaks.signal.aborted && (await client.usePeaks(bytes))) controller.redraw();
      });
    }
    return () => {
      peaks.abort();
      controllerRef.current = null;
      controller.dispose();
      media.dispose();
    };
  }, [header, client, storage, videoId, clock, mode]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const controller = controllerRef.current;
      const action = controller ? viewerKeyAction(event) : null;
      if (!controller || !action) return;
      // Taken, so that the browser does not also act on the key: a focused button would click on
      // Space's keyup (playback toggled twice), the page would scroll, and a keypress after a zoom
      // key would lay the page out inside the zoom step instead of in the frame that shows it.
      event.preventDefault();
      switch (action.kind) {
        case 'play':
          controller.togglePlay();
          break;
        case 'zoom':
          controller.zoomStep(action.direction, event.timeStamp);
          break;
        case 'navigate':
          void controller.navigate(action.key);
          break;
        default: {
          const unknown: never = action;
          throw new Error(`unknown viewer key action ${String(unknown)}`);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onTimelineKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') void controllerRef.current?.select(null);
  };

  const selectedHeader = selection ? header.timelines[selection.ref.timeline] : undefined;
  const mediaSrc = storage === 'staticfiles' ? mediaUrl(mediaBaseUrl, work.url) : '';
  const totalHeight = Math.ceil(stack.totalHeight);

  return (
    <div className={`viewer-layout${sidePanel ? ' viewer-layout--with-panel' : ''}`}>
      <div className="viewer-main">
        <div className="viewer-media" data-storage={storage}>
          {storage === 'staticfiles' && work.type === 'video' && (
            <video
              ref={(element) => void (mediaRef.current = element)}
              src={mediaSrc}
              preload="auto"
              width={VIDEO_WIDTHS[videoSize]}
              aria-label="Recording"
            />
          )}
          {storage === 'staticfiles' && work.type !== 'video' && (
            <audio
              ref={(element) => void (mediaRef.current = element)}
              src={mediaSrc}
              preload="auto"
              aria-label="Recording"
            />
          )}
          {storage === 'youtube' && (
            <div
              className="viewer-youtube"
              ref={youtubeRef}
              data-testid="youtube-player"
              data-video-id={videoId ?? ''}
              style={{ width: VIDEO_WIDTHS[videoSize], aspectRatio: '16 / 9' }}
            />
          )}
        </div>
        <MissingFiles files={header.missingFiles} local={mode === 'local'} owner={owner} />
        <ViewerToolbar
          canPlay={canPlay}
          playing={playing}
          isVideo={isVideo}
          videoSize={videoSize}
          clockRef={clockRef}
          initialClock={`${formatTime(0)} / ${formatTime(header.end - header.start)}`}
          onPlayPause={() => controllerRef.current?.togglePlay()}
          onStop={() => controllerRef.current?.stop()}
          onZoomIn={() => controllerRef.current?.zoomStep(1)}
          onZoomOut={() => controllerRef.current?.zoomStep(-1)}
          onFit={() => controllerRef.current?.fitToScreen()}
          onVideoSize={setVideoSize}
          onGoToBar={hasBars ? goToBar : null}
          onCopyLink={async () => {
            const moment = shareMoment();
            if (!moment) return null;
            // The playhead and the zoom: the Share dialog is where a component is included.
            const url = shareUrl(window.location.href, {
              time: moment.playhead,
              span: moment.span,
            });
            window.history.replaceState(window.history.state, '', url);
            const copied = await navigator.clipboard?.writeText(url).then(
              () => true,
              () => false,
            );
            return copied ? 'Link copied' : 'Link in the address bar';
          }}
        />
        <TimelineTools
          header={header}
          title={fileHeading(header.abstractWork.title, header.fileName)}
          clock={clock}
          shareMoment={shareMoment}
          playing={playing}
          shareableId={mode === 'local' ? null : header.id}
          data={data}
          embed={mode === 'embed'}
          onSeek={seekTo}
          onPlayFrom={playFrom}
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
        <div
          className="viewer-timelines"
          ref={regionRef}
          tabIndex={0}
          role="region"
          aria-label="Timelines. Click a component to select it; arrow keys move the selection."
          onKeyDown={onTimelineKey}
          data-testid="timelines"
        >
          <TimelineNames timelines={header.timelines} stack={stack} />
          <div className="viewer-timelines__data">
            <div
              className="viewer-ruler"
              ref={rulerRef}
              data-testid="time-ruler"
              title="Press or drag here to move playback"
            >
              <span className="viewer-ruler__head" data-ruler-head="" />
            </div>
            <div
              className="viewer-timelines__stage"
              ref={stageRef}
              style={{ height: totalHeight }}
              onClick={(event) =>
                void controllerRef.current?.click(event.clientX, event.clientY, false)
              }
              onDoubleClick={(event) =>
                void controllerRef.current?.click(event.clientX, event.clientY, true)
              }
            >
              <div ref={canvasHostRef} className="viewer-canvas-host" />
              <div ref={rowsRef} className="viewer-rows">
                {header.timelines.map((timeline) => (
                  <div
                    key={timeline.index}
                    className="viewer-row"
                    data-testid="timeline-row"
                    data-kind={timeline.kind}
                    data-component-count={timeline.componentCount}
                    style={rowStyle(stack, timeline)}
                  >
                    {timeline.kind === 'SLIDER' && (
                      <span className="viewer-knob" data-slider-knob="" />
                    )}
                  </div>
                ))}
              </div>
              <div ref={playheadRef} className="viewer-playhead" data-testid="playhead" />
              <div
                ref={hoverRef}
                className="viewer-hover"
                role="tooltip"
                data-testid="hover-tip"
                hidden
              />
            </div>
            <div
              className="viewer-timelines__scroller"
              ref={scrollerRef}
              data-testid="timelines-scroller"
            >
              <div className="viewer-timelines__content" ref={contentRef} />
            </div>
          </div>
        </div>
        {showInspector && selection && selectedHeader && (
          <ComponentInspector
            kind={selectedHeader.kind}
            timelineName={selectedHeader.name}
            component={selection.component}
            rowNames={new Map((selectedHeader.rows ?? []).map((row) => [row.id, row.name]))}
            onClose={() => void controllerRef.current?.select(null)}
          />
        )}
        {/* Under the timelines: nothing above them moves from the first frame to the last. */}
        {mode !== 'embed' && (
          <FileNotes
            header={header}
            viewing={mode === 'local' ? 'local' : owner ? 'owner' : 'other'}
            onShowHidden={onShowHidden}
          />
        )}
      </div>
      {sidePanel && <div className="viewer-side-panel">{sidePanel}</div>}
    </div>
  );
}
