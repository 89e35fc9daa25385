import { Type, type Static } from 'typebox';
import { Nullable, StringEnum } from './field-kinds';
import { PREPARED_PAYLOAD_TYPE } from '../viewer-payload/prepared-payload-type';
import { AbstractWorkJson, ConcreteWorkJson } from './works';

/**
 * GET files/{id}/json: a file's works and timelines with their components, as the viewer reads
 * them. The server sends this JSON as stored bytes (never through a serializer), so these schemas
 * are the contract and the documentation, not a filter on what is sent.
 */

export const HierarchyComponentJson = Type.Object({
  id: Type.Integer(),
  start: Type.Number(),
  end: Type.Number(),
  level: Type.Number(),
  label: Type.String(),
  color: Nullable(Type.String()),
  comments: Type.String(),
  formal_function: Type.String(),
  formal_type: Type.String(),
  pre_start: Type.Optional(
    Type.Number({ description: "Where the unit's pre-start extension begins (seconds)" }),
  ),
  post_end: Type.Optional(
    Type.Number({ description: "Where the unit's post-end extension ends (seconds)" }),
  ),
});
export type HierarchyComponentJson = Static<typeof HierarchyComponentJson>;

export const MarkerComponentJson = Type.Object({
  id: Type.Integer(),
  time: Type.Number(),
  label: Type.String(),
  color: Nullable(Type.String()),
  comments: Type.String(),
});
export type MarkerComponentJson = Static<typeof MarkerComponentJson>;

export const BeatComponentJson = Type.Object({ id: Type.Integer(), time: Type.Number() });
export type BeatComponentJson = Static<typeof BeatComponentJson>;

export const HarmonyComponentJson = Type.Object({
  id: Type.Integer(),
  time: Type.Number(),
  kind: StringEnum(['HARMONY', 'MODE']),
  label: Type.String({
    description: "The text the desktop app would show: 'V65', 'G7', 'C:', 'a:' or the custom text",
  }),
  comments: Type.String(),
  step: Type.Number(),
  accidental: Type.Number(),
  quality: Type.Optional(Type.String({ description: 'HARMONY only' })),
  inversion: Type.Optional(Type.Number({ description: 'HARMONY only' })),
  applied_to: Type.Optional(Type.Number({ description: 'HARMONY only' })),
  display_mode: Type.Optional(
    StringEnum(['roman', 'chord', 'custom'], { description: 'HARMONY only' }),
  ),
  custom_text: Type.Optional(Type.String({ description: 'HARMONY only' })),
  custom_text_font_type: Type.Optional(
    Type.String({
      description: "HARMONY only: 'analytic' or 'regular', the desktop app's font for custom text",
    }),
  ),
  type: Type.Optional(StringEnum(['major', 'minor'], { description: 'MODE only' })),
});
export type HarmonyComponentJson = Static<typeof HarmonyComponentJson>;

export const AudiowaveComponentJson = Type.Object({
  id: Type.Integer(),
  start: Type.Number(),
  end: Type.Number(),
  amplitude: Type.Number(),
});
export type AudiowaveComponentJson = Static<typeof AudiowaveComponentJson>;

export const PdfMarkerComponentJson = Type.Object({
  id: Type.Integer(),
  time: Type.Number(),
  page_number: Type.Number(),
});
export type PdfMarkerComponentJson = Static<typeof PdfMarkerComponentJson>;

/**
 * A Range timeline's span (desktop 0.7): on one of the timeline's rows; `joined_right` is the id
 * of the range to its right that it is joined to (drawn as one span with it), or null.
 */
export const RangeComponentJson = Type.Object({
  id: Type.Integer(),
  kind: Type.Literal('RANGE'),
  start: Type.Number(),
  end: Type.Number(),
  pre_start: Type.Number({ description: "Where the range's pre-start extension begins (seconds)" }),
  post_end: Type.Number({ description: "Where the range's post-end extension ends (seconds)" }),
  row_id: Type.String({ description: "The id of one of the timeline's rows" }),
  label: Type.String(),
  color: Nullable(Type.String({ description: "null: the row's colour, then the default" })),
  comments: Type.String(),
  joined_right: Nullable(Type.Integer()),
});
export type RangeComponentJson = Static<typeof RangeComponentJson>;

/** A Range timeline's row: its id, the name shown for it, its colour and height if it sets them. */
export const RangeRowJson = Type.Object({
  id: Type.String(),
  name: Type.String(),
  color: Nullable(Type.String()),
  height: Nullable(Type.Number()),
});
export type RangeRowJson = Static<typeof RangeRowJson>;

/**
 * A Score timeline's component, with the fields its kind has in the .tla (TLA-FORMAT.md section
 * 4): a note's start, end, step, accidental, octave and staff_index; a staff's index and
 * line_count; a clef's, key's and time signature's staff_index and time; a bar line's time.
 */
export const ScoreComponentJson = Type.Object({
  id: Type.Integer(),
  kind: StringEnum([
    'NOTE',
    'STAFF',
    'CLEF',
    'KEY_SIGNATURE',
    'TIME_SIGNATURE',
    'BAR_LINE',
    'SCORE_ANNOTATION',
  ]),
  start: Type.Optional(Type.Number()),
  end: Type.Optional(Type.Number()),
  time: Type.Optional(Type.Number()),
  step: Type.Optional(Type.Number()),
  accidental: Type.Optional(Type.Number()),
  octave: Type.Optional(Type.Number()),
  staff_index: Type.Optional(Type.Number()),
  display_accidental: Type.Optional(Type.Boolean()),
  index: Type.Optional(Type.Number()),
  line_count: Type.Optional(Type.Number()),
  line_number: Type.Optional(Type.Number()),
  icon: Type.Optional(Type.String()),
  fifths: Type.Optional(Type.Number()),
  numerator: Type.Optional(Type.Number()),
  denominator: Type.Optional(Type.Number()),
  color: Type.Optional(Nullable(Type.String())),
  comments: Type.Optional(Type.String()),
});
export type ScoreComponentJson = Static<typeof ScoreComponentJson>;

export const ComponentJson = Type.Union([
  HierarchyComponentJson,
  MarkerComponentJson,
  BeatComponentJson,
  HarmonyComponentJson,
  AudiowaveComponentJson,
  PdfMarkerComponentJson,
  RangeComponentJson,
  ScoreComponentJson,
]);
export type ComponentJson = Static<typeof ComponentJson>;

/** Beat timelines' fields hold JSON text of number lists. */
const beatText = (description: string) =>
  Type.Optional(Type.String({ description: `Beat timelines: JSON text, ${description}` }));

export const TimelineJson = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.String({
    description:
      "Long form ('HIERARCHY_TIMELINE', ...) for known kinds; the file's own spelling for unknown ones",
  }),
  display_position: Type.Number(),
  is_visible: Type.Boolean(),
  height: Nullable(Type.Number()),
  level_height: Type.Optional(Type.Number({ description: 'Harmony timelines' })),
  visible_level_count: Type.Optional(Type.Number({ description: 'Harmony timelines' })),
  beat_pattern: beatText('beats per measure, repeated'),
  measure_numbers: beatText('the number each measure shows'),
  beats_in_measure: beatText('beats in each measure'),
  measures_to_force_display: beatText('measures whose number is always shown'),
  pdf_url: Type.Optional(
    Type.String({
      description:
        "PDF timelines: where the browser loads the PDF from ('' when the PDF was not uploaded)",
    }),
  ),
  pdf_name: Type.Optional(
    Type.String({
      description: "PDF timelines: the PDF's file name as the .tla names it ('' for none)",
    }),
  ),
  rows: Type.Optional(
    Type.Array(RangeRowJson, { description: 'Range timelines: its rows, top first' }),
  ),
  default_row_height: Type.Optional(
    Nullable(Type.Number({ description: 'Range timelines: the height of a row that sets none' })),
  ),
  not_shown: Type.Optional(
    Type.Record(Type.String(), Type.Integer(), {
      description:
        'Components the web viewer does not draw, counted by kind (kinds of a newer desktop ' +
        "app, and every component of a timeline of unknown kind): they stay in the file's .tla",
    }),
  ),
  components: Type.Array(ComponentJson),
});
export type TimelineJson = Static<typeof TimelineJson>;

export const ViewerFileJson = Type.Object({
  id: Type.Integer(),
  concrete_work: ConcreteWorkJson,
  abstract_work: AbstractWorkJson,
  file_name: Type.Optional(Type.String({ description: 'The name the .tla was uploaded under' })),
  metadata: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description: "The file's media_metadata as written, custom fields included, in its order",
    }),
  ),
  timelines: Type.Array(TimelineJson),
});
export type ViewerFileJson = Static<typeof ViewerFileJson>;

/**
 * GET files/{id}/json's reply: the viewer JSON, or, to a client whose Accept names it, the
 * prepared payload (src/shared/viewer-payload), the binary form the web viewer opens. Both are
 * the same file; the route sends stored bytes either way.
 */
export const ViewerFileReply = {
  description: "The file's viewer JSON, or its prepared payload when Accept asks for that",
  content: {
    'application/json': { schema: ViewerFileJson },
    [PREPARED_PAYLOAD_TYPE]: {
      schema: Type.String({
        format: 'binary',
        description:
          "The viewer's binary form of the file, of one version of its format; for the web viewer",
      }),
    },
  },
};
