import { useEffect, useMemo, useRef } from 'react';
import type { TableKind } from '../../shared/timeline-tables/timeline-tables';
import type { TimelineTrack } from '../../shared/timeline-tables/timeline-tracks';
import type { PlaybackClock } from '../playback-clock';
import { nowPlayingTimelines } from '../viewer-page-text';
import { NOTHING, nowPlayingText } from './now-playing';

const KIND_NAMES: Record<TableKind, string> = {
  HIERARCHY: 'Section',
  MARKER: 'Marker',
  BEAT: 'Measure',
  HARMONY: 'Chord',
  PDF: 'Page',
  SCORE: 'Notes',
  RANGE: 'Range',
};

interface NowPlayingStripProps {
  /** The file's timelines in display order (the viewer header's): the strip's rows. */
  timelines: readonly { name: string; kind: string }[];
  /** The timelines' tracks, once the worker has sent them; until then every row says '—'. */
  tracks: TimelineTrack[] | null;
  /** The viewer's playback clock: the strip writes when the time changes. */
  clock: PlaybackClock;
}

/**
 * Under the media: the labels of the components under the playhead in each timeline. React
 * renders the rows once, from the timelines the page knows from the start, so the strip never
 * pushes the timelines down when the components arrive; when the playback clock moves, it writes
 * the text of the entries that changed.
 */
export function NowPlayingStrip({ timelines, tracks, clock }: NowPlayingStripProps) {
  const rows = useMemo(() => nowPlayingTimelines(timelines), [timelines]);
  const shown = useMemo(() => (tracks ? nowPlayingTimelines(tracks) : []), [tracks]);
  const valuesRef = useRef<(HTMLElement | null)[]>([]);
  useEffect(() => {
    if (shown.length === 0) return;
    return clock.subscribe((now) => {
      shown.forEach((track, n) => {
        const element = valuesRef.current[n];
        if (!element) return;
        const text = nowPlayingText(track, now);
        if (element.textContent === text) return;
        element.textContent = text;
        // A value wider than its column is cut with an ellipsis; the pointer shows it whole.
        element.title = text;
      });
    });
  }, [shown, clock]);
  if (rows.length === 0) return null;
  return (
    <section className="now-playing" aria-label="Now playing" data-testid="now-playing">
      <dl className="now-playing__list">
        {rows.map((timeline, n) => (
          <div className="now-playing__entry" key={n} data-kind={timeline.kind}>
            <dt>{timeline.name || KIND_NAMES[timeline.kind as TableKind]}</dt>
            <dd
              ref={(element) => void (valuesRef.current[n] = element)}
              data-testid={`now-playing-${timeline.kind.toLowerCase()}`}
            >
              {NOTHING}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
