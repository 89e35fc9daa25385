import type { AudiowaveComponentJson } from '../../api-types';
import { audiowaveBars, audiowaveView } from '../audiowave-bars';
import {
  AUDIOWAVE_BAR_WIDTH,
  AUDIOWAVE_COLOR,
  AUDIOWAVE_HEIGHT,
  MAX_AUDIOWAVE_HEIGHT,
} from '../layout-constants';
import { lastOf, type KindLayout } from './kind-layout';

/** The audio's amplitude: a bar per pixel column, as tall as the loudest sound in it. */
export const audiowaveLayout: KindLayout = {
  prepare(timeline, prepared) {
    prepared.wave = audiowaveBars(timeline.components as AudiowaveComponentJson[]);
  },

  least: () => AUDIOWAVE_HEIGHT,
  most: () => MAX_AUDIOWAVE_HEIGHT,
  lastTime: (prepared) => lastOf(prepared.wave?.maxEnds),

  draw(prepared, view, out) {
    const { height } = view;
    const wave = prepared.wave;
    if (!wave) return;
    for (const column of audiowaveView(wave, view, height)) {
      out.visibleCount++;
      const h = Math.max(1, column.height);
      out.rect(column.x, (height - h) / 2, AUDIOWAVE_BAR_WIDTH, h, AUDIOWAVE_COLOR);
      out.hit(column.x, 0, column.x + AUDIOWAVE_BAR_WIDTH, height, column.index);
    }
  },
};
