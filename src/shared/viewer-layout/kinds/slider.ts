import { TIMELINE_BAR_HEIGHT } from '../layout-constants';
import type { KindLayout } from './kind-layout';

const SLIDER_LINE_COLOR = 0x9a9a9a;

/** The slider: a line across the view, with the playhead's knob on it (drawn by the page). */
export const sliderLayout: KindLayout = {
  prepare: () => undefined,
  least: () => TIMELINE_BAR_HEIGHT,
  most: () => TIMELINE_BAR_HEIGHT,
  lastTime: () => 0,
  draw(_prepared, { height, viewport }, out) {
    out.rect(0, Math.round(height / 2) - 1, viewport, 2, SLIDER_LINE_COLOR);
  },
};
