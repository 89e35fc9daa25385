import type { ViewerKind } from '../timeline-kinds';
import { audiowaveLayout } from './audiowave';
import { beatLayout } from './beat';
import { harmonyLayout } from './harmony';
import { hierarchyLayout } from './hierarchy';
import type { KindLayout } from './kind-layout';
import { markerLayout } from './marker';
import { pdfLayout } from './pdf';
import { rangeLayout } from './range';
import { scoreLayout } from './score';
import { sliderLayout } from './slider';

/** Each timeline kind the viewer draws, and the module that lays it out (kind-layout.ts). */
export const KIND_LAYOUTS: { readonly [K in ViewerKind]: KindLayout } = {
  HIERARCHY: hierarchyLayout,
  SLIDER: sliderLayout,
  MARKER: markerLayout,
  BEAT: beatLayout,
  HARMONY: harmonyLayout,
  AUDIOWAVE: audiowaveLayout,
  PDF: pdfLayout,
  SCORE: scoreLayout,
  RANGE: rangeLayout,
};
