import type { HarmonyComponentJson } from '../../api-types';
import { harmonyLabelSource, harmonyRows, harmonyView } from '../harmony-runs';
import {
  HARMONY_HEIGHT,
  LABEL_FONT_SIZE,
  MAX_HARMONY_HEIGHT,
  TEXT_COLOR,
} from '../layout-constants';
import { lastOf, type KindLayout } from './kind-layout';

/** Harmonies: keys on the upper row, chords on the lower, each named where its name has room. */
export const harmonyLayout: KindLayout = {
  prepare(timeline, prepared) {
    const harmonies = timeline.components as HarmonyComponentJson[];
    prepared.harmonyRows = harmonyRows(harmonies);
    prepared.harmonyLabels = harmonyLabelSource(harmonies);
  },

  // Two rows of a timeline bar each: the 'level_height counts double' rule of SPEC.md section 9.
  least: () => HARMONY_HEIGHT,
  most: () => MAX_HARMONY_HEIGHT,

  lastTime: (prepared) =>
    Math.max(0, ...(prepared.harmonyRows ?? []).map((row) => lastOf(row.times))),

  draw(prepared, view, out) {
    const { height, pps, end } = view;
    const rows = prepared.harmonyRows;
    if (!rows) return;
    const rowHeight = height / 2;
    const marks = harmonyView(rows, prepared.harmonyLabels ?? [], view, end * pps);
    for (const mark of marks) {
      out.visibleCount++;
      const y = mark.row * rowHeight;
      // A short tick at the row's foot marks where each chord or key begins.
      out.rect(Math.floor(mark.x), y + rowHeight - 6, 1, 5, TEXT_COLOR);
      const width = mark.label ? mark.label.width + 4 : 6;
      out.hit(mark.x - 2, y, mark.x + width, y + rowHeight, mark.index);
      if (!mark.label) continue;
      const base = {
        x: mark.x + 3,
        y: y + (rowHeight - LABEL_FONT_SIZE) / 2 - 2,
        text: mark.label.main,
        size: LABEL_FONT_SIZE,
        component: mark.index,
      };
      out.labels.push(
        mark.label.figures.length > 0 || mark.label.after
          ? { ...base, figures: mark.label.figures, after: mark.label.after }
          : base,
      );
    }
  },
};
