import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { youtubeVideoId } from '../shared/tla/media-path';
import { htmlMediaAdapter } from './media/html-media-adapter';
import { abstractClock, type MediaAdapter } from './media/media-adapter';
import { youtubeAdapter } from './media/youtube-adapter';
import type { PublishedClock } from './playback-clock';
import { fetchRecordingPeaks } from './recording-peaks';
import { readShareParams, type ShareMoment } from './share-params';
import { leastStack } from './timeline-names';
import type { TimelinesRefs } from './timelines-region';
import {
  componentTime,
  ViewerController,
  type Selection,
  type TimelineStack,
} from './viewer-controller';
import type { ViewerFileClient } from './viewer-file-client';

/** Said when the waveform row was asked for and the recording's peaks did not come. */
export const NO_WAVEFORM =
  "The recording's waveform is not available: the server could not read it from the recording.";

export interface ViewerControllerOptions {
  header: ViewerHeader;
  client: ViewerFileClient;
  mode: 'stored' | 'local' | 'embed';
  refs: TimelinesRefs;
  mediaRef: RefObject<HTMLMediaElement | null>;
  youtubeRef: RefObject<HTMLDivElement | null>;
  clockRef: RefObject<HTMLOutputElement | null>;
  clock: PublishedClock;
}

/** The media adapter for the file's recording: stored media, YouTube, or a clock without one. */
function mediaFor(
  header: ViewerHeader,
  media: HTMLMediaElement | null,
  youtube: HTMLDivElement | null,
  problem: (message: string) => void,
): MediaAdapter {
  const work = header.concreteWork;
  const videoId = work.storage === 'youtube' ? youtubeVideoId(work.url) : null;
  if (work.storage === 'staticfiles' && media) return htmlMediaAdapter(media, header.start);
  if (videoId && youtube) return youtubeAdapter(youtube, videoId, header.start, problem);
  return abstractClock(header.start);
}

/** Applies a shared link's c=, m=, z= and t= once the stage exists. */
async function applyShareLink(controller: ViewerController, client: ViewerFileClient) {
  const share = readShareParams(window.location.search);
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
  if (share.span !== null) controller.showSpan(share.span, share.time ?? controller.time());
  if (share.time !== null) controller.seek({ time: share.time, ifPlaying: true });
}

/**
 * The viewer controller of one screen, created once its elements exist and disposed with it,
 * with the React state it reports (playing, selection, the stack's heights, a problem).
 */
export function useViewerController(options: ViewerControllerOptions) {
  const { header, client, mode, refs, mediaRef, youtubeRef, clockRef, clock } = options;
  const controllerRef = useRef<ViewerController | null>(null);
  const [playing, setPlaying] = useState(false);
  const [looping, setLooping] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stack, setStack] = useState<TimelineStack>(() => leastStack(header));

  useEffect(() => {
    const elements = {
      region: refs.region.current,
      scroller: refs.scroller.current,
      content: refs.content.current,
      stage: refs.stage.current,
      canvasHost: refs.canvasHost.current,
      playhead: refs.playhead.current,
      rows: refs.rows.current,
      ruler: refs.ruler.current,
      hover: refs.hover.current,
    };
    if (Object.values(elements).some((element) => !element)) return;
    const media = mediaFor(header, mediaRef.current, youtubeRef.current, setProblem);
    const controller = new ViewerController(
      header,
      client,
      media,
      {
        ...(elements as { [Key in keyof typeof elements]: HTMLDivElement }),
        clock: () => clockRef.current,
      },
      {
        playing: setPlaying,
        stack: setStack,
        selection: setSelection,
        zoom: () => undefined,
        error: setProblem,
        looping: setLooping,
      },
      clock,
    );
    controllerRef.current = controller;
    void controller.start().then(() => applyShareLink(controller, client));
    // The recording's own waveform, drawn in the Audiowave rows (or the waveform row) once the
    // server has it.
    const peaks = new AbortController();
    if (mode !== 'local' && header.timelines.some((timeline) => timeline.kind === 'AUDIOWAVE')) {
      void fetchRecordingPeaks(header.id, peaks.signal).then(async (bytes) => {
        if (peaks.signal.aborted) return;
        if (bytes && (await client.usePeaks(bytes))) controller.redraw();
        else if (header.waveformRow) setProblem(NO_WAVEFORM);
      });
    }
    return () => {
      peaks.abort();
      controllerRef.current = null;
      controller.dispose();
      media.dispose();
    };
    // The refs' elements are rendered once per screen (a new header is a new screen).
  }, [header, client, mode, refs, mediaRef, youtubeRef, clockRef, clock]);

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
    controllerRef.current?.seek({ time, ifPlaying: true });
    controllerRef.current?.play();
  }, []);
  return {
    controllerRef,
    playing,
    looping,
    selection,
    problem,
    stack,
    shareMoment,
    seekTo,
    playFrom,
  };
}
