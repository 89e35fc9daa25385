import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import type { TimelineStack } from './stage-scene';

/**
 * The timelines' names, in a column of their own at the left (as the desktop app has them), so
 * that no name ever covers the data; a long name is cut short and shown whole on hover.
 */
export function TimelineNames({
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
export function rowStyle(stack: TimelineStack, timeline: ViewerHeader['timelines'][number]) {
  const row = stack.rows[timeline.index];
  return { top: row?.y ?? timeline.y, height: row?.height ?? timeline.height };
}

/** The stack at the least heights, as the header gives it. */
export function leastStack(header: ViewerHeader): TimelineStack {
  return {
    rows: header.timelines.map(({ y, height }) => ({ y, height })),
    totalHeight: header.totalHeight,
  };
}
