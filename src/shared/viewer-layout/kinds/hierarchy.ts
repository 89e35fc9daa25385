import type { HierarchyComponentJson } from '../../api-types';
import {
  boundaryColor,
  hierarchyRows,
  hierarchyView,
  NARROW_BOUNDARY_SHADE,
  NARROW_UNIT_WIDTH,
} from '../hierarchy-rows';
import { labelWidth } from '../label-fit';
import {
  HIERARCHY_LEVEL_HEIGHT,
  LABEL_FONT_SIZE,
  MAX_HIERARCHY_LEVEL_HEIGHT,
} from '../layout-constants';
import { TimelineHeightError } from '../timeline-height-error';
import { lastOf, type KindLayout } from './kind-layout';

const levels = (count: number) => Math.max(1, Math.floor(count));

/** Hierarchy units: one bar row per level, coloured by level, each unit with its boundary. */
export const hierarchyLayout: KindLayout = {
  prepare(timeline, prepared) {
    const units = timeline.components as HierarchyComponentJson[];
    prepared.hierarchy = hierarchyRows(units);
    prepared.hierarchyLabels = units.map((unit) => unit.label);
  },

  // The file's height or level_height is not used for drawing, but one of them must be there:
  // without either the file is malformed.
  least(source, counts) {
    if (source.height == null && source.level_height == null) throw new TimelineHeightError();
    return HIERARCHY_LEVEL_HEIGHT * levels(counts.levels);
  },

  most: (counts) => MAX_HIERARCHY_LEVEL_HEIGHT * levels(counts.levels),

  lastTime: (prepared) =>
    Math.max(0, ...(prepared.hierarchy?.levels ?? []).map((level) => lastOf(level.maxEnds))),

  draw(prepared, view, out) {
    const rows = prepared.hierarchy;
    if (!rows) return;
    const levelHeight = view.height / Math.max(1, rows.levelCount);
    const boxes = hierarchyView(rows, prepared.hierarchyLabels ?? [], view, levelHeight);
    for (const box of boxes) {
      // Whole pixels, and a darker first pixel column: a unit's boundary shows at any zoom,
      // also where it touches a unit of the same colour. Where units are a pixel or two wide
      // the boundary is lighter, or a dense level would be all boundary and lose its colour.
      const x0 = Math.floor(box.x0);
      const x1 = Math.max(x0 + 1, Math.floor(box.x1));
      const shade = x1 - x0 < NARROW_UNIT_WIDTH ? NARROW_BOUNDARY_SHADE : undefined;
      out.visibleCount++;
      out.rect(x0, box.y + 1, 1, box.height - 2, boundaryColor(box.color, shade));
      if (x1 - x0 > 1) out.rect(x0 + 1, box.y + 1, x1 - x0 - 1, box.height - 2, box.color);
      out.hit(x0, box.y, x1, box.y + box.height, box.index);
      if (!box.label) continue;
      // Centred in the part of the unit on screen.
      const left = Math.max(x0, 0);
      const right = Math.min(x1, view.viewport);
      const width = labelWidth(box.label, LABEL_FONT_SIZE);
      out.labels.push({
        x: Math.max(left + 2, (left + right - width) / 2),
        y: box.y + (box.height - LABEL_FONT_SIZE) / 2 - 1,
        text: box.label,
        size: LABEL_FONT_SIZE,
        component: box.index,
      });
    }
  },
};
