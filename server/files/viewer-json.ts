import type { ComponentJson, TimelineJson, ViewerFileJson } from '../../src/shared/api-types';
import { pathFileName } from '../../src/shared/tla/media-path';
import { scoreFields } from '../../src/shared/viewer-json/viewer-json-from-document';
import type { ComponentRecord, TimelineRow } from './files.repository';

function componentJson(kind: string, c: ComponentRecord): ComponentJson | null {
  switch (kind) {
    case 'HIERARCHY_TIMELINE':
      return {
        id: c.id,
        start: c.start ?? 0,
        end: c.end ?? 0,
        level: c.level ?? 1,
        label: c.label ?? '',
        color: c.color,
        comments: c.comments ?? '',
        formal_function: c.formalFunction ?? '',
        formal_type: c.formalType ?? '',
        pre_start: c.preStart ?? c.start ?? 0,
        post_end: c.postEnd ?? c.end ?? 0,
      };
    case 'MARKER_TIMELINE':
      return {
        id: c.id,
        time: c.time ?? 0,
        label: c.label ?? '',
        color: c.color,
        comments: c.comments ?? '',
      };
    case 'BEAT_TIMELINE':
      return { id: c.id, time: c.time ?? 0 };
    case 'RANGE_TIMELINE':
      return {
        id: c.id,
        kind: 'RANGE',
        start: c.start ?? 0,
        end: c.end ?? 0,
        pre_start: c.preStart ?? c.start ?? 0,
        post_end: c.postEnd ?? c.end ?? 0,
        row_id: c.rowId ?? '',
        label: c.label ?? '',
        color: c.color,
        comments: c.comments ?? '',
        joined_right: c.joinedRight,
      };
    case 'HARMONY_TIMELINE':
      if (c.kind === 'MODE') {
        return {
          ...harmonyFields(c, 'MODE'),
          type: c.modeType === 'minor' ? 'minor' : 'major',
        };
      }
      return {
        ...harmonyFields(c, 'HARMONY'),
        quality: c.quality ?? 'major',
        inversion: c.inversion ?? 0,
        applied_to: c.appliedTo ?? 0,
        display_mode: (c.displayMode ?? 'chord') as 'roman' | 'chord' | 'custom',
        custom_text: c.customText ?? '',
        custom_text_font_type: c.customTextFontType ?? 'analytic',
      };
    case 'AUDIOWAVE_TIMELINE':
      return { id: c.id, start: c.start ?? 0, end: c.end ?? 0, amplitude: c.amplitude ?? 0 };
    case 'PDF_TIMELINE':
      return { id: c.id, time: c.time ?? 0, page_number: c.pageNumber ?? 1 };
    case 'SCORE_TIMELINE':
      // Stored as the .tla has them (ingestion keeps a score component's fields whole).
      return { id: c.id, kind: c.kind, ...scoreFields(c.extra ?? {}) } as ComponentJson;
    default:
      // Slider and unknown kinds are listed but not drawn: their components stay out of the JSON.
      return null;
  }
}

/** What keys (MODE) and chords (HARMONY) both have, in the order the JSON lists them. */
function harmonyFields<Kind extends 'MODE' | 'HARMONY'>(c: ComponentRecord, kind: Kind) {
  return {
    id: c.id,
    time: c.time ?? 0,
    kind,
    label: c.label ?? '',
    comments: c.comments ?? '',
    step: c.step ?? 0,
    accidental: c.accidental ?? 0,
  };
}

function timelineJson(timeline: TimelineRow, rows: ComponentRecord[]): TimelineJson {
  const json: TimelineJson = {
    id: timeline.id,
    name: timeline.name,
    kind: timeline.kind,
    display_position: timeline.displayPosition,
    is_visible: timeline.isVisible,
    height: timeline.height,
    components: [],
  };
  for (const row of rows) {
    const component = componentJson(timeline.kind, row);
    if (component) json.components.push(component);
  }
  if (timeline.notShown) json.not_shown = timeline.notShown;
  switch (timeline.kind) {
    case 'BEAT_TIMELINE':
      json.beat_pattern = JSON.stringify(timeline.beatPattern ?? [4]);
      json.measure_numbers = JSON.stringify(timeline.measureNumbers ?? []);
      json.beats_in_measure = JSON.stringify(timeline.beatsInMeasure ?? []);
      json.measures_to_force_display = JSON.stringify(timeline.measuresToForceDisplay ?? []);
      break;
    case 'HARMONY_TIMELINE':
      json.level_height = timeline.levelHeight ?? 35;
      json.visible_level_count = timeline.visibleLevelCount ?? 2;
      break;
    case 'PDF_TIMELINE':
      json.pdf_url = timeline.pdfUrl ?? '';
      json.pdf_name = pathFileName((timeline.pdfPath ?? '').trim());
      break;
    case 'RANGE_TIMELINE':
      json.rows = timeline.rangeRows ?? [];
      json.default_row_height = timeline.defaultRowHeight;
      break;
  }
  return json;
}

export interface ViewerSource {
  fileId: number;
  concreteWork: ViewerFileJson['concrete_work'];
  abstractWork: ViewerFileJson['abstract_work'];
  fileName: string;
  metadata: Record<string, unknown>;
  timelines: TimelineRow[];
  /** All of the file's components, grouped by timeline in display order. */
  components: ComponentRecord[];
}

export function viewerJson(source: ViewerSource): ViewerFileJson {
  const byTimeline = new Map<number, ComponentRecord[]>();
  for (const component of source.components) {
    const list = byTimeline.get(component.timelineId);
    if (list) list.push(component);
    else byTimeline.set(component.timelineId, [component]);
  }
  return {
    id: source.fileId,
    concrete_work: source.concreteWork,
    abstract_work: source.abstractWork,
    file_name: source.fileName,
    metadata: source.metadata,
    timelines: source.timelines.map((timeline) =>
      timelineJson(timeline, byTimeline.get(timeline.id) ?? []),
    ),
  };
}
