/**
 * Shapes of the HTTP API's JSON (DESIGN.md section 4). The server produces them, the client reads
 * them; keep both sides on these types.
 */

export type MediaType = 'audio' | 'video';
export type MediaStorage = 'staticfiles' | 'youtube' | 'abstract';

export interface AbstractWorkJson {
  id: number;
  title: string;
  composer: string;
}

export interface ConcreteWorkJson {
  id: number;
  abstract_work_id: number;
  artist: string;
  type: MediaType;
  storage: MediaStorage;
  url: string;
  length: number;
  start: number;
  end: number;
  /**
   * Viewer JSON only: the media file the .tla names on its author's disk ('' for none or a
   * YouTube URL). With storage 'abstract' it names the recording that was not uploaded.
   */
  media_name?: string;
}

export interface FileJson {
  id: number;
  author_id: number;
  concrete_work_id: number;
  is_public: boolean;
  created_at: string;
}

export interface HierarchyComponentJson {
  id: number;
  start: number;
  end: number;
  level: number;
  label: string;
  color: string | null;
  comments: string;
  formal_function: string;
  formal_type: string;
  /** Where the unit's pre-start and post-end extensions begin and end (seconds), for CSV export. */
  pre_start?: number;
  post_end?: number;
}

export interface MarkerComponentJson {
  id: number;
  time: number;
  label: string;
  color: string | null;
  comments: string;
}

export interface BeatComponentJson {
  id: number;
  time: number;
}

export interface HarmonyComponentJson {
  id: number;
  time: number;
  /** 'HARMONY' or 'MODE' */
  kind: 'HARMONY' | 'MODE';
  /** The text the desktop app would show: 'V65', 'G7', 'C:', 'a:' or the custom text. */
  label: string;
  comments: string;
  step: number;
  accidental: number;
  /** HARMONY only */
  quality?: string;
  inversion?: number;
  applied_to?: number;
  display_mode?: 'roman' | 'chord' | 'custom';
  custom_text?: string;
  /** 'analytic' or 'regular' (the desktop app's font for custom text), for CSV export. */
  custom_text_font_type?: string;
  /** MODE only */
  type?: 'major' | 'minor';
}

export interface AudiowaveComponentJson {
  id: number;
  start: number;
  end: number;
  amplitude: number;
}

export interface PdfMarkerComponentJson {
  id: number;
  time: number;
  page_number: number;
}

/**
 * A Score timeline's component, with the fields its kind has in the .tla (TLA-FORMAT.md section
 * 4): a note's start, end, step, accidental, octave and staff_index; a staff's index and
 * line_count; a clef's, key's and time signature's staff_index and time; a bar line's time.
 */
export interface ScoreComponentJson {
  id: number;
  kind:
    | 'NOTE'
    | 'STAFF'
    | 'CLEF'
    | 'KEY_SIGNATURE'
    | 'TIME_SIGNATURE'
    | 'BAR_LINE'
    | 'SCORE_ANNOTATION';
  start?: number;
  end?: number;
  time?: number;
  step?: number;
  accidental?: number;
  octave?: number;
  staff_index?: number;
  display_accidental?: boolean;
  index?: number;
  line_count?: number;
  line_number?: number;
  icon?: string;
  fifths?: number;
  numerator?: number;
  denominator?: number;
  color?: string | null;
  comments?: string;
}

export type ComponentJson =
  | HierarchyComponentJson
  | MarkerComponentJson
  | BeatComponentJson
  | HarmonyComponentJson
  | AudiowaveComponentJson
  | PdfMarkerComponentJson
  | ScoreComponentJson;

export interface TimelineJson {
  id: number;
  name: string;
  /** Long form ('HIERARCHY_TIMELINE', ...) for known kinds; the file's own spelling for unknown ones. */
  kind: string;
  display_position: number;
  is_visible: boolean;
  height: number | null;
  /** Harmony timelines */
  level_height?: number;
  visible_level_count?: number;
  /** Beat timelines: JSON text of number lists */
  beat_pattern?: string;
  measure_numbers?: string;
  beats_in_measure?: string;
  measures_to_force_display?: string;
  /** PDF timelines: where the browser loads the PDF from ('' when the PDF was not uploaded) */
  pdf_url?: string;
  /** PDF timelines: the PDF's file name as the .tla names it ('' for none) */
  pdf_name?: string;
  components: ComponentJson[];
}

export interface ViewerFileJson {
  id: number;
  concrete_work: ConcreteWorkJson;
  abstract_work: AbstractWorkJson;
  timelines: TimelineJson[];
}

/** DRF-shaped errors */
export type FieldErrors = Record<string, string[]>;

/** POST upload/ (201): the stored files, in upload order. */
export interface UploadedFileJson {
  id: number;
  title: string;
  /** The media and PDF files the .tla names that the upload did not include. */
  not_included: string[];
}
export interface UploadResponseJson {
  files: UploadedFileJson[];
}

/**
 * GET users/files/: the caller's files, newest first, with their works. Unlike the browse routes,
 * private files are included; `original_name` is the name the file was uploaded under.
 */
export interface UserFileJson extends FileJson {
  original_name: string;
}
export interface UserFilesJson {
  files: UserFileJson[];
  abstract_works: AbstractWorkJson[];
  concrete_works: ConcreteWorkJson[];
}

/** Browse and search (files/query, components/query): DESIGN.md section 4. */
export type SearchTimelineKind = 'HIERARCHY' | 'MARKER' | 'BEAT';

/** A condition value: one text, or several that must all match (AND). Times also take numbers. */
export type SearchConditionValue = string | number | (string | number)[];

/** files/query `query`, and the `file` part of components/query's. */
export type FileConditions = Partial<Record<'title' | 'composer' | 'performer', string | string[]>>;

export interface ComponentsQuery {
  'tl.kind': SearchTimelineKind;
  cmp?: Record<string, SearchConditionValue>;
  file?: FileConditions;
}

export interface FilesQueryResponse {
  files: FileJson[];
  concrete_works: ConcreteWorkJson[];
  abstract_works: AbstractWorkJson[];
  count: number;
}

export interface HierarchySearchComponentJson {
  id: number;
  timeline_id: number;
  label: string;
  comments: string;
  color: string | null;
  formal_function: string;
  formal_type: string;
  start: number;
  end: number;
}

export interface MarkerSearchComponentJson {
  id: number;
  timeline_id: number;
  label: string;
  comments: string;
  color: string | null;
  time: number;
}

export interface BeatSearchComponentJson {
  id: number;
  timeline_id: number;
  time: number;
}

export type SearchComponentJson =
  HierarchySearchComponentJson | MarkerSearchComponentJson | BeatSearchComponentJson;

export interface SearchTimelineJson {
  id: number;
  file_id: number;
  kind: SearchTimelineKind;
}

export interface ComponentsQueryResponse {
  components: SearchComponentJson[];
  timelines: SearchTimelineJson[];
  files: FileJson[];
  concrete_works: ConcreteWorkJson[];
  abstract_works: AbstractWorkJson[];
  count: number;
}
