import type { RangeComponentJson } from '../../api-types';
import { boundaryColor } from '../hierarchy-rows';
import { labelWidth } from '../label-fit';
import { LABEL_FONT_SIZE, MAX_RANGE_LANE_HEIGHT, RANGE_LANE_HEIGHT } from '../layout-constants';
import { rangeLanes } from '../range-lanes';
import type { KindLayout } from './kind-layout';

const lanes = (count: number) => Math.max(1, Math.floor(count));
/** The extensions' tick at pre_start and post_end, px tall. */
const EXTENSION_TICK = 8;
/** The bar between two joined ranges, px tall. */
const JOIN_BAR = 4;

/**
 * Range timelines (desktop 0.7): one lane per row, each range a box in its row's lane with its
 * label, joined ranges drawn as one span (the gap between them bridged, no boundary where they
 * meet, one label), pre_start and post_end as a thin line with a tick at its end.
 */
export const rangeLayout: KindLayout = {
  prepare(timeline, prepared) {
    const ranges = timeline.components as RangeComponentJson[];
    prepared.range = rangeLanes(timeline.rows ?? [], ranges);
    prepared.labels = ranges.map((range) => range.label ?? '');
  },

  least: (_source, counts) => RANGE_LANE_HEIGHT * lanes(counts.rows),
  most: (counts) => MAX_RANGE_LANE_HEIGHT * lanes(counts.rows),
  lastTime: (prepared) => Math.max(0, ...(prepared.range?.postEnds ?? [])),

  draw(prepared, view, out) {
    const range = prepared.range;
    if (!range) return;
    const laneHeight = view.height / lanes(range.rowNames.length);
    const { pps, offset, viewport } = view;
    const x = (time: number) => time * pps - offset;
    for (let index = 0; index < range.starts.length; index++) {
      const pre = x(range.preStarts[index]!);
      const post = x(range.postEnds[index]!);
      const right = range.joinedRight[index]!;
      const reach = right >= 0 ? Math.max(post, x(range.starts[right]!)) : post;
      if (reach < 0 || pre > viewport) continue;
      const color = range.colors[index]!;
      const edge = boundaryColor(color);
      const top = Math.round(range.rows[index]! * laneHeight);
      const height = Math.max(4, Math.round(laneHeight) - 4);
      const middle = top + Math.round(laneHeight / 2);
      const x0 = Math.floor(x(range.starts[index]!));
      const x1 = Math.max(x0 + 1, Math.floor(x(range.ends[index]!)));
      out.visibleCount++;
      // An extension reaching over the range it is joined to would cross that range's box.
      const joined = range.joinedFromLeft[index] === 1;
      if (pre < x0 - 1 && !joined)
        extension(out, Math.floor(pre), x0, Math.floor(pre), middle, edge);
      if (post > x1 + 1 && right < 0) {
        extension(out, x1, Math.floor(post), Math.floor(post) - 1, middle, edge);
      }
      if (right >= 0) {
        const next = Math.floor(x(range.starts[right]!));
        if (next > x1) out.rect(x1, middle - JOIN_BAR / 2, next - x1, JOIN_BAR, color);
      }
      // The boundary column shows where a range starts, not where a joined one continues.
      out.rect(x0, top + 2, 1, height, joined ? color : edge);
      if (x1 - x0 > 1) out.rect(x0 + 1, top + 2, x1 - x0 - 1, height, color);
      out.hit(x0, top, x1, top + laneHeight, index);
      const label = prepared.labels?.[index] ?? '';
      if (!label || joined) continue;
      const left = Math.max(x0, 0);
      const end = right >= 0 ? Math.max(x1, Math.floor(x(range.ends[right]!))) : x1;
      const width = labelWidth(label, LABEL_FONT_SIZE);
      if (end - left < 12) continue;
      out.labels.push({
        x: Math.max(left + 3, (left + Math.min(end, viewport) - width) / 2),
        y: top + 2 + (height - LABEL_FONT_SIZE) / 2 - 1,
        text: label,
        size: LABEL_FONT_SIZE,
        component: index,
      });
    }
  },
};

/** A thin line from `from` to `to` at `y`, with a tick at `tickX`, its end away from the range. */
function extension(
  out: Parameters<KindLayout['draw']>[2],
  from: number,
  to: number,
  tickX: number,
  y: number,
  color: number,
) {
  out.rect(from, y, Math.max(1, to - from), 1, color);
  out.rect(tickX, y - EXTENSION_TICK / 2, 1, EXTENSION_TICK, color);
}
