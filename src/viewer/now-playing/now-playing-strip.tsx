import { useEffect, useMemo, useRef } from 'react';
import type { TimelineTable } from '../table/timeline-tables';
import { startFrameLoop } from '../extras/frame-loop';
import { NOTHING, nowPlayingTables, nowPlayingText } from './now-playing';

const KIND_NAMES: Record<TimelineTable['kind'], string> = {
  HIERARCHY: 'Section',
  MARKER: 'Marker',
  BEAT: 'Measure',
  HARMONY: 'Chord',
  PDF: 'Page',
};

interface NowPlayingStripProps {
  tables: TimelineTable[];
  /** The media time, or null while the viewer is not ready. */
  time: () => number | null;
}

/**
 * Under the media: the labels of the components under the playhead in each timeline. React
 * renders the rows once; each frame the loop writes the text of the entries that changed.
 */
export function NowPlayingStrip({ tables, time }: NowPlayingStripProps) {
  const shown = useMemo(() => nowPlayingTables(tables), [tables]);
  const valuesRef = useRef<(HTMLElement | null)[]>([]);
  useEffect(() => {
    const loop = startFrameLoop(time, (now) => {
      shown.forEach((table, n) => {
        const element = valuesRef.current[n];
        if (!element) return;
        const text = nowPlayingText(table, now);
        if (element.textContent !== text) element.textContent = text;
      });
    });
    return () => loop.stop();
  }, [shown, time]);
  if (shown.length === 0) return null;
  return (
    <section className="now-playing" aria-label="Now playing" data-testid="now-playing">
      <dl className="now-playing__list">
        {shown.map((table, n) => (
          <div className="now-playing__entry" key={table.index} data-kind={table.kind}>
            <dt>{table.name || KIND_NAMES[table.kind]}</dt>
            <dd
              ref={(element) => void (valuesRef.current[n] = element)}
              data-testid={`now-playing-${table.kind.toLowerCase()}`}
            >
              {NOTHING}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
