/**
 * The viewer JSON (the shape of GET files/{id}/json) built from a TlaDocument in the browser, for
 * the local viewer. It reads the work fields with the server's own code (tla/work-fields.ts) and
 * follows what the server does with the component rows and harmony labels on upload and on read
 * (server/files/viewer-json.ts), so that a local file and the same file uploaded draw identically;
 * a server test compares both on a fixture.
 * Ids are made up (1, 2, 3, ... per table), since nothing is stored.
 */
import type {
  ComponentJson,
  ConcreteWorkJson,
  MediaType,
  TimelineJson,
  ViewerFileJson,
} from '../api-types';
import { harmonyLabel, keyFinder, keyLabel } from '../harmony/harmony-label';
import { pathFileName } from '../tla/media-path';
import type { TlaDocument, TlaTimeline } from '../tla/tla-model';
import { workFields, type WorkFields } from '../tla/work-fields';
import { storableJson } from '../storable-text';

export interface LocalMedia {
  /** Where the browser loads the media from (an object URL of the file the user chose). */
  url: string;
  /** The chosen file's MIME type; 'video/...' makes the viewer show a video element. */
  mimeType: string;
}

export interface ViewerJsonOptions {
  media?: LocalMedia | null;
  /** The name the .tla was uploaded (or opened) under. */
  fileName?: string;
  /** The PDF URL of a PDF timeline, by the path the desktop app stored ('' when none). */
  pdfUrlFor?: (pdfPath: string) => string | null;
}

// PostgreSQL cannot hold NUL or lone surrogates, so the server stores U+FFFD in their place; the
// local viewer does the same so that both show the same text.
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;
function text(value: string): string {
  return value.toWellFormed().replace(NUL, '\uFFFD');
}

function concreteWork(fields: WorkFields, media: LocalMedia | null): ConcreteWorkJson {
  // The chosen file's MIME type knows better than the name the .tla gives it.
  const chosen = fields.storage === 'staticfiles' ? media : null;
  const type: MediaType = chosen
    ? chosen.mimeType.startsWith('video/')
      ? 'video'
      : 'audio'
    : fields.type;
  return {
    id: 1,
    abstract_work_id: 1,
    artist: text(fields.artist),
    type,
    storage: fields.storage,
    url: text(fields.url),
    length: fields.length,
    start: 0,
    end: fields.length,
    media_name: text(fields.mediaName),
  };
}

function componentsJson(timeline: TlaTimeline, nextId: () => number): ComponentJson[] {
  switch (timeline.kind) {
    case 'HIERARCHY_TIMELINE':
      return timeline.components.map((c) => ({
        id: nextId(),
        start: c.start,
        end: c.end,
        level: c.level,
        label: text(c.label),
        color: c.color === null ? null : text(c.color),
        comments: text(c.comments),
        formal_function: text(c.formalFunction),
        formal_type: text(c.formalType),
        pre_start: c.preStart,
        post_end: c.postEnd,
      }));
    case 'MARKER_TIMELINE':
      return timeline.components.map((c) => ({
        id: nextId(),
        time: c.time,
        label: text(c.label),
        color: c.color === null ? null : text(c.color),
        comments: text(c.comments),
      }));
    case 'RANGE_TIMELINE': {
      const ids = timeline.components.map(() => nextId());
      // A join names the range to the right by its key in the file; the JSON names it by id.
      const idOfSource = new Map<string, number>();
      timeline.components.forEach((c, index) => {
        if (c.sourceId !== null) idOfSource.set(c.sourceId, ids[index]!);
      });
      return timeline.components.map((c, index) => ({
        id: ids[index]!,
        kind: 'RANGE' as const,
        start: c.start,
        end: c.end,
        pre_start: c.preStart,
        post_end: c.postEnd,
        row_id: text(c.rowId),
        label: text(c.label),
        color: c.color === null ? null : text(c.color),
        comments: text(c.comments),
        joined_right: c.joinedRight === null ? null : (idOfSource.get(c.joinedRight) ?? null),
      }));
    }
    case 'BEAT_TIMELINE':
      return timeline.components.map((c) => ({ id: nextId(), time: c.time }));
    case 'HARMONY_TIMELINE': {
      const keyAt = keyFinder(timeline.components);
      return timeline.components.map((c): ComponentJson => {
        if (c.kind === 'MODE') {
          return {
            id: nextId(),
            time: c.time,
            kind: 'MODE',
            label: text(keyLabel(c)),
            comments: text(c.comments),
            step: c.step,
            accidental: c.accidental,
            type: c.type === 'minor' ? 'minor' : 'major',
          };
        }
        return {
          id: nextId(),
          time: c.time,
          kind: 'HARMONY',
          label: text(harmonyLabel(c, keyAt(c.time))),
          comments: text(c.comments),
          step: c.step,
          accidental: c.accidental,
          quality: text(c.quality),
          inversion: c.inversion,
          applied_to: c.appliedTo,
          display_mode: c.displayMode,
          custom_text: text(c.customText),
          custom_text_font_type: text(c.customTextFontType),
        };
      });
    }
    case 'AUDIOWAVE_TIMELINE':
      return timeline.components.map((c) => ({
        id: nextId(),
        start: c.start,
        end: c.end,
        amplitude: c.amplitude,
      }));
    case 'PDF_TIMELINE':
      return timeline.components.map((c) => ({
        id: nextId(),
        time: c.time,
        page_number: c.pageNumber,
      }));
    case 'SCORE_TIMELINE':
      // As the .tla has them: the viewer reads what it draws and skips what it cannot.
      return timeline.components.map(
        (c) => ({ id: nextId(), kind: c.kind, ...scoreFields(c.fields) }) as ComponentJson,
      );
    default:
      // Slider and unknown kinds: listed, never drawn, so their components stay out.
      return [];
  }
}

/** media_metadata with every string, keys included, as the server stores it, keys in order. */
export function storableMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  return storableJson(metadata);
}

/**
 * A score component's fields for the viewer: its own, less the desktop's integrity hash. The
 * server keeps the same fields (a component row's `extra`) and serves them through this too.
 */
export function scoreFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { hash: _hash, id: _id, kind: _kind, ...rest } = fields;
  return rest;
}

/**
 * The components of a timeline that the viewer does not draw, by kind: kinds no release writes
 * (kept in the file), a beat timeline's BEAT_UNITs, and every component of an unknown kind of
 * timeline. Null when there are none.
 */
export function notShownComponents(timeline: TlaTimeline): Record<string, number> | null {
  const counts: Record<string, number> = {};
  const count = (kind: string) => {
    const name = text(kind) || '(no kind)';
    counts[name] = (counts[name] ?? 0) + 1;
  };
  for (const other of timeline.otherComponents) count(other.kind);
  if (timeline.kind === 'BEAT_TIMELINE') for (const unit of timeline.beatUnits) count(unit.kind);
  if (timeline.kind === 'UNKNOWN')
    for (const component of timeline.components) count(component.kind);
  return Object.keys(counts).length > 0 ? counts : null;
}

/** One TlaDocument as the viewer JSON the server would serve for it once uploaded. */
export function viewerJsonFromDocument(
  document: TlaDocument,
  options: ViewerJsonOptions = {},
): ViewerFileJson {
  let componentId = 0;
  const nextId = () => ++componentId;
  const timelines = document.timelines.map((timeline, index): TimelineJson => {
    const json: TimelineJson = {
      id: index + 1,
      name: text(timeline.name),
      kind: timeline.kind === 'UNKNOWN' ? text(timeline.kindName) : timeline.kind,
      display_position: index,
      is_visible: timeline.isVisible,
      height: timeline.height,
      components: componentsJson(timeline, nextId),
    };
    const notShown = notShownComponents(timeline);
    if (notShown) json.not_shown = notShown;
    switch (timeline.kind) {
      case 'BEAT_TIMELINE':
        json.beat_pattern = JSON.stringify(timeline.beatPattern);
        json.measure_numbers = JSON.stringify(timeline.measureNumbers);
        json.beats_in_measure = JSON.stringify(timeline.beatsInMeasure);
        json.measures_to_force_display = JSON.stringify(timeline.measuresToForceDisplay);
        break;
      case 'HARMONY_TIMELINE':
        json.level_height = timeline.levelHeight;
        json.visible_level_count = timeline.visibleLevelCount;
        break;
      case 'PDF_TIMELINE':
        json.pdf_url = options.pdfUrlFor?.(timeline.path) ?? '';
        json.pdf_name = text(pathFileName(timeline.path.trim()));
        break;
      case 'RANGE_TIMELINE':
        json.rows = timeline.rows.map((row) => ({
          id: text(row.id),
          name: text(row.name),
          color: row.color === null ? null : text(row.color),
          height: row.height,
        }));
        json.default_row_height = timeline.defaultRowHeight;
        break;
      default:
        break;
    }
    return json;
  });
  const media = options.media ?? null;
  const fields = workFields(document, media?.url ?? null);
  return {
    id: 0,
    concrete_work: concreteWork(fields, media),
    abstract_work: { id: 1, title: text(fields.title), composer: text(fields.composer) },
    file_name: text(options.fileName ?? ''),
    metadata: storableMetadata(document.mediaMetadata),
    timelines,
  };
}
