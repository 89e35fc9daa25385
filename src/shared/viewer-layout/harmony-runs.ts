import { harmonyLabelParts } from '../harmony/harmony-label';
import type { KeyFields } from '../harmony/pitch-spelling';
import { FIGURE_FONT_SIZE } from './layout-constants';
import { labelWidth, spacedLabelWidth } from './label-fit';
import {
  aggregatePoints,
  lowerBound,
  upperBound,
  visibleTimes,
  type ViewSpan,
} from './visible-range';
import { numberField, permuted, timeOrder } from './time-order';

export interface HarmonyInput {
  kind: 'HARMONY' | 'MODE';
  time: number;
  /** The server's label text, used whenever the parts cannot be worked out. */
  label: string;
  step: number;
  accidental: number;
  quality?: string;
  inversion?: number;
  applied_to?: number;
  display_mode?: 'roman' | 'chord' | 'custom';
  custom_text?: string;
  type?: 'major' | 'minor';
}

/** A label as drawn: main text, figured-bass figures stacked top to bottom, then the rest. */
export interface HarmonyLabel {
  main: string;
  figures: string[];
  after: string;
  width: number;
}

/** Row 0 (upper) holds keys (MODE), row 1 (lower) harmonies: HARMONY is drawn lower. */
export function harmonyRow(kind: HarmonyInput['kind']): 0 | 1 {
  return kind === 'MODE' ? 0 : 1;
}

function measured(main: string, figures: string[], after: string): HarmonyLabel {
  const figureWidth = Math.max(0, ...figures.map((f) => labelWidth(f, FIGURE_FONT_SIZE)));
  return {
    main,
    figures,
    after,
    width: spacedLabelWidth(main) + figureWidth + spacedLabelWidth(after),
  };
}

/** A component's drawn label by its index; undefined for an index out of range. */
export type HarmonyLabelLookup = (index: number) => HarmonyLabel | undefined;

/**
 * The drawn label of each component, worked out on first use: opening a file only finds the key
 * in force for each harmony (the last MODE at or before it), and the layout asks only for the
 * labels it shows. Roman numerals are split so their figures can stack (V65 -> 'V' over '6',
 * '5') and are read in that key; chord symbols, custom text and keys are drawn as the server's
 * label says.
 */
export function harmonyLabelSource(components: readonly HarmonyInput[]): HarmonyLabelLookup {
  // A key and a harmony at the same time: the key applies to that harmony.
  const order = timeOrder(
    numberField(components, (c) => c.time),
    Int8Array.from(components, (c) => harmonyRow(c.kind)),
  );
  // The component index of the key in force for each component; -1 before the first key.
  const keyOf = new Int32Array(components.length).fill(-1);
  let key = -1;
  for (const index of order) {
    if (components[index]?.kind === 'MODE') key = index;
    else keyOf[index] = key;
  }
  const labels: (HarmonyLabel | undefined)[] = new Array<HarmonyLabel | undefined>(
    components.length,
  );
  return (index) => {
    const cached = labels[index];
    if (cached) return cached;
    const c = components[index];
    if (!c) return undefined;
    const label = componentLabel(c, components[keyOf[index] ?? -1]);
    labels[index] = label;
    return label;
  };
}

function componentLabel(c: HarmonyInput, keyComponent: HarmonyInput | undefined): HarmonyLabel {
  if (c.kind === 'MODE' || c.display_mode !== 'roman' || !c.quality) {
    return measured(c.label, [], '');
  }
  const key: KeyFields | null = keyComponent
    ? {
        step: keyComponent.step,
        accidental: keyComponent.accidental,
        type: keyComponent.type === 'minor' ? 'minor' : 'major',
      }
    : null;
  const parts = harmonyLabelParts(
    {
      step: c.step,
      accidental: c.accidental,
      quality: c.quality,
      inversion: c.inversion ?? 0,
      appliedTo: c.applied_to ?? 0,
      displayMode: 'roman',
      customText: c.custom_text ?? '',
    },
    key,
  );
  return measured(
    parts.prefix + parts.numeral + parts.qualityMark,
    parts.figures,
    parts.alteration + parts.applied,
  );
}

/** Every component's drawn label at once (see harmonyLabelSource). */
export function harmonyLabels(components: readonly HarmonyInput[]): HarmonyLabel[] {
  const labelOf = harmonyLabelSource(components);
  return components.map((_, index) => labelOf(index) ?? measured('', [], ''));
}

export interface HarmonyRow {
  row: 0 | 1;
  /** Component indices of this row, by time. */
  indices: Int32Array;
  times: Float64Array;
}

/** Splits components into the key row and the harmony row, each sorted by time. */
export function harmonyRows(components: readonly HarmonyInput[]): [HarmonyRow, HarmonyRow] {
  const build = (row: 0 | 1): HarmonyRow => {
    const inRow: number[] = [];
    components.forEach((c, i) => {
      if (harmonyRow(c.kind) === row) inRow.push(i);
    });
    const times = numberField(inRow, (i) => components[i]?.time);
    const order = timeOrder(times);
    return {
      row,
      indices: Int32Array.from(order, (k) => inRow[k] ?? 0),
      times: permuted(times, order),
    };
  };
  return [build(0), build(1)];
}

export interface HarmonyMark {
  index: number;
  row: 0 | 1;
  x: number;
  /** Shown when it starts clear of the label before it in its row. */
  label: HarmonyLabel | null;
}

const LABEL_GAP = 4;

/**
 * Harmony marks in a viewport, one per pixel column in each row. Labels are thinned left to
 * right: a chord's label is drawn when it starts clear of the last label drawn in its row, and
 * may run on over the ticks of chords too close to have their own, so a dense passage at
 * fit-to-screen still names a chord every label's width instead of none. Labels never overlap,
 * and the last one ends before the content does. The chord sounding at the viewport's left
 * edge is included, since its label may still show.
 */
export function harmonyView(
  rows: readonly HarmonyRow[],
  labels: readonly HarmonyLabel[] | HarmonyLabelLookup,
  view: ViewSpan,
  contentEnd: number,
): HarmonyMark[] {
  const { pps, offset } = view;
  const [t0, t1] = visibleTimes(view);
  const end = contentEnd - offset;
  const marks: HarmonyMark[] = [];
  for (const row of rows) {
    const from = Math.max(0, lowerBound(row.times, t0) - 1);
    const to = upperBound(row.times, t1, from);
    const xs = new Float32Array(to - from);
    for (let i = from; i < to; i++) xs[i - from] = (row.times[i] ?? 0) * pps - offset;
    let clearFrom = -Infinity;
    for (const k of aggregatePoints(xs)) {
      const index = row.indices[k + from] ?? 0;
      const x = xs[k] ?? 0;
      // A label is only worked out where one could start: at a full zoom-out most marks are not.
      let label: HarmonyLabel | null = null;
      if (x >= clearFrom) {
        label = (typeof labels === 'function' ? labels(index) : labels[index]) ?? null;
        if (label !== null && (label.width === 0 || x + label.width > end)) label = null;
      }
      if (label !== null) clearFrom = x + label.width + LABEL_GAP;
      marks.push({ index, row: row.row, x, label });
    }
  }
  return marks;
}
