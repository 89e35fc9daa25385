import { beatView, measureStructure } from '../beat-labels';
import { labelWidth } from '../label-fit';
import {
  BEAT_HEIGHT,
  BEAT_TICK_COLOR,
  BEAT_TICK_HEIGHT,
  MAX_BEAT_HEIGHT,
  MEASURE_TICK_HEIGHT,
  SMALL_LABEL_FONT_SIZE,
} from '../layout-constants';
import { centredTop, pointKind, sortedPoints } from './kind-layout';
import { beatTimelineMeasures } from '../../time-map/beat-timeline-fields';

/** Beats: a tick per beat, a taller one and the measure's number on each measure's first. */
export const beatLayout = pointKind(BEAT_HEIGHT, MAX_BEAT_HEIGHT, {
  prepare(timeline, prepared) {
    const beats = timeline.components as { time: number }[];
    prepared.points = sortedPoints(beats);
    prepared.measures = measureStructure({
      beatCount: beats.length,
      ...beatTimelineMeasures(timeline),
    });
  },

  draw(prepared, view, out) {
    const { height, viewport } = view;
    const { points, measures } = prepared;
    if (!points || !measures) return;
    const beats = beatView(points.times, measures, view);
    const top = centredTop(height, BEAT_HEIGHT);
    out.visibleCount = beats.tickX.length;
    beats.tickX.forEach((x, n) => {
      const tall = beats.tickIsMeasure[n] === 1;
      const h = tall ? MEASURE_TICK_HEIGHT : BEAT_TICK_HEIGHT;
      out.rect(Math.floor(x), top + BEAT_HEIGHT - h, 1, h, BEAT_TICK_COLOR);
      out.hit(x - 3, 0, x + 3, height, points.indices[beats.tickBeat[n] ?? 0] ?? 0);
    });
    // A number that would cross the data area's right edge ends at its tick instead, when
    // that keeps clear of the number before it.
    let previousEnd = -Infinity;
    for (const label of beats.labels) {
      let x = label.x + 2;
      const width = labelWidth(label.text, SMALL_LABEL_FONT_SIZE);
      if (x + width > viewport) {
        x = label.x - 2 - width;
        if (x < previousEnd + 2) continue;
      }
      previousEnd = x + width;
      // A click on a measure number selects the measure's first beat.
      out.labels.push({
        x,
        y: top + 1,
        text: label.text,
        size: SMALL_LABEL_FONT_SIZE,
        component: points.indices[label.beat] ?? 0,
      });
    }
  },
});
