import { SCORE_HEIGHT, SCORE_STAFF_MAX_HEIGHT, SCORE_STAFF_MIN_HEIGHT } from '../layout-constants';
import { prepareScore } from '../score-notes';
import { scoreView, typicalBarSeconds } from '../score-view';
import { lastOf, type KindLayout } from './kind-layout';

const staves = (count: number) => Math.max(1, count);

/** A score: staves, clefs, signatures, bar lines and note bodies (score-notes, score-view). */
export const scoreLayout: KindLayout = {
  prepare(timeline, prepared) {
    prepared.score = prepareScore(timeline.components);
    prepared.barSeconds = typicalBarSeconds(prepared.score.barTimes);
  },

  // The file's height (the desktop's default is 160 for its two staves), within what gives each
  // staff room for its lines and a few ledger lines without towering over the rest.
  least: (source, counts) =>
    Math.min(
      Math.max(source.height ?? SCORE_HEIGHT, SCORE_STAFF_MIN_HEIGHT * staves(counts.staves)),
      SCORE_STAFF_MAX_HEIGHT * staves(counts.staves),
    ),
  most: (counts) => SCORE_STAFF_MAX_HEIGHT * staves(counts.staves),

  lastTime: (prepared) =>
    prepared.score
      ? Math.max(lastOf(prepared.score.notes.maxEnds), lastOf(prepared.score.barTimes))
      : 0,

  draw(prepared, { height, pps, offset, viewport, end }, out) {
    const score = prepared.score;
    if (!score) return;
    scoreView(
      score,
      height,
      pps,
      offset,
      viewport,
      prepared.barSeconds ?? 0,
      {
        rect: (x, y, w, h, color) => out.rect(x, y, w, h, color),
        hit: (x0, y0, x1, y1, index) => out.hit(x0, y0, x1, y1, index),
        glyph: (x, y, text, size, behind) =>
          out.labels.push({ x, y, text, size, font: 'music', ...(behind ? { behind } : {}) }),
        count: (visible) => (out.visibleCount = visible),
      },
      end * pps - offset,
    );
  },
};
