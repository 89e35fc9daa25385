import type {
  HarmonyComponent,
  ModeComponent,
  TlaTimeline,
} from '../../../src/shared/tla/tla-model';
import { harmonyLabel, keyFinder, keyLabel } from '../../../src/shared/harmony/harmony-label';

/** One row of the components table, keyed by column name (snake case, as in SQL). */
export interface ComponentRow {
  position: number;
  kind: string;
  label?: string | null;
  comments?: string | null;
  color?: string | null;
  formal_function?: string | null;
  formal_type?: string | null;
  start?: number | null;
  end?: number | null;
  pre_start?: number | null;
  post_end?: number | null;
  time?: number | null;
  level?: number | null;
  page_number?: number | null;
  amplitude?: number | null;
  step?: number | null;
  accidental?: number | null;
  quality?: string | null;
  inversion?: number | null;
  applied_to?: number | null;
  display_mode?: string | null;
  custom_text?: string | null;
  custom_text_font_type?: string | null;
  mode_type?: string | null;
  row_id?: string | null;
  row_name?: string | null;
  joined_right?: string | null;
  source_id?: string | null;
  extra?: Record<string, unknown> | null;
}

/** Harmonies labelled in the key in force at their time (keyFinder), and the keys themselves. */
function harmonyRows(components: (HarmonyComponent | ModeComponent)[]): ComponentRow[] {
  const keyAt = keyFinder(components);
  return components.map((component, position) => {
    if (component.kind === 'MODE') {
      return {
        position,
        kind: 'MODE',
        time: component.time,
        step: component.step,
        accidental: component.accidental,
        mode_type: component.type,
        level: component.level,
        comments: component.comments,
        label: keyLabel(component),
      };
    }
    return {
      position,
      kind: 'HARMONY',
      time: component.time,
      step: component.step,
      accidental: component.accidental,
      quality: component.quality,
      inversion: component.inversion,
      applied_to: component.appliedTo,
      level: component.level,
      display_mode: component.displayMode,
      custom_text: component.customText,
      custom_text_font_type: component.customTextFontType,
      comments: component.comments,
      label: harmonyLabel(component, keyAt(component.time)),
    };
  });
}

/** The searchable columns of every component of a timeline, in the timeline's order. */
export function componentRows(timeline: TlaTimeline): ComponentRow[] {
  switch (timeline.kind) {
    case 'HIERARCHY_TIMELINE':
      return timeline.components.map((c, position) => ({
        position,
        kind: c.kind,
        start: c.start,
        end: c.end,
        pre_start: c.preStart,
        post_end: c.postEnd,
        level: c.level,
        label: c.label,
        color: c.color,
        formal_type: c.formalType,
        formal_function: c.formalFunction,
        comments: c.comments,
      }));
    case 'MARKER_TIMELINE':
      return timeline.components.map((c, position) => ({
        position,
        kind: c.kind,
        time: c.time,
        label: c.label,
        color: c.color,
        comments: c.comments,
      }));
    case 'RANGE_TIMELINE': {
      const rowNames = new Map(timeline.rows.map((row) => [row.id, row.name]));
      return timeline.components.map((c, position) => ({
        position,
        kind: c.kind,
        start: c.start,
        end: c.end,
        pre_start: c.preStart,
        post_end: c.postEnd,
        label: c.label,
        color: c.color,
        comments: c.comments,
        row_id: c.rowId,
        row_name: rowNames.get(c.rowId) ?? '',
        joined_right: c.joinedRight,
        source_id: c.sourceId,
      }));
    }
    case 'BEAT_TIMELINE':
      return timeline.components.map((c, position) => ({ position, kind: c.kind, time: c.time }));
    case 'HARMONY_TIMELINE':
      return harmonyRows(timeline.components);
    case 'AUDIOWAVE_TIMELINE':
      return timeline.components.map((c, position) => ({
        position,
        kind: c.kind,
        start: c.start,
        end: c.end,
        amplitude: c.amplitude,
      }));
    case 'PDF_TIMELINE':
      return timeline.components.map((c, position) => ({
        position,
        kind: c.kind,
        time: c.time,
        page_number: c.pageNumber,
      }));
    case 'SLIDER_TIMELINE':
      return [];
    case 'SCORE_TIMELINE':
    case 'UNKNOWN':
      return timeline.components.map((c, position) => ({
        position,
        kind: c.kind,
        time: typeof c.fields.time === 'number' ? c.fields.time : null,
        extra: c.fields,
      }));
    default: {
      const unexpected: never = timeline;
      throw new Error(`unhandled timeline kind ${(unexpected as TlaTimeline).kind}`);
    }
  }
}
