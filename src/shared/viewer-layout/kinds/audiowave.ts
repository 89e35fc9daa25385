import type { AudiowaveComponentJson } from '../../api-types';
import { audiowaveBars, audiowaveView } from '../audiowave-bars';
import {
  AUDIOWAVE_BAR_WIDTH,
  AUDIOWAVE_COLOR,
  AUDIOWAVE_HEIGHT,
  MAX_AUDIOWAVE_HEIGHT,
} from '../layout-constants';
import { lastOf, type KindLayout } from './kind-layout';
import { waveColumns } from '../../waveform/peaks';

/**
 * The audio's amplitude. With the recording's own peaks (GET files/{id}/peaks), its waveform at
 * any zoom: each column from the lowest to the highest sample under it. Without them, the bars
 * the file stores, a bar per pixel column as tall as the loudest sound in it. The stored bars
 * stay what a click selects either way.
 */
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
    const peaks = prepared.peaks;
    if (peaks) {
      const middle = height / 2;
      const scale = (height - 2) / 2 / 128;
      for (const column of waveColumns(peaks, view, AUDIOWAVE_BAR_WIDTH)) {
        const top = middle - column.high * scale;
        const bottom = middle - column.low * scale;
        out.rect(column.x, top, AUDIOWAVE_BAR_WIDTH, Math.max(1, bottom - top), AUDIOWAVE_COLOR);
      }
    }
    if (!wave) return;
    for (const column of audiowaveView(wave, view, height)) {
      out.visibleCount++;
      if (!peaks) {
        const h = Math.max(1, column.height);
        out.rect(column.x, (height - h) / 2, AUDIOWAVE_BAR_WIDTH, h, AUDIOWAVE_COLOR);
      }
      out.hit(column.x, 0, column.x + AUDIOWAVE_BAR_WIDTH, height, column.index);
    }
  },
};
