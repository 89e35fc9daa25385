/**
 * Shapes of the HTTP API's JSON (DESIGN.md section 4), by the names the client, the viewer and the
 * server use. Each is the static type of a schema in ./api-contract, the same schema the server
 * validates, serializes and documents with, so the two sides cannot drift apart. Type-only
 * exports: the client bundle carries no schema.
 */

export type {
  AbstractWorkJson,
  ConcreteWorkJson,
  MediaStorage,
  MediaType,
} from './api-contract/works';
export type {
  AudiowaveComponentJson,
  BeatComponentJson,
  ComponentJson,
  HarmonyComponentJson,
  HierarchyComponentJson,
  MarkerComponentJson,
  PdfMarkerComponentJson,
  RangeComponentJson,
  RangeRowJson,
  ScoreComponentJson,
  TimelineJson,
  ViewerFileJson,
} from './api-contract/viewer-json';
export type {
  FileJson,
  UploadedFileJson,
  UploadResponseJson,
  UserFileJson,
  UserFilesJson,
} from './api-contract/files';
export type {
  BeatSearchComponentJson,
  ComponentsQuery,
  ComponentsQueryResponse,
  FileConditions,
  FilesQueryResponse,
  HierarchySearchComponentJson,
  MarkerSearchComponentJson,
  RangeSearchComponentJson,
  SearchComponentJson,
  SearchConditionValue,
  SearchTimelineJson,
  SearchTimelineKind,
} from './api-contract/search';
export type {
  AccountJson,
  PasswordChange,
  PasswordChanged,
  ProfileChange,
  Registration,
  ResetConfirmation,
  ResetLink,
  TokenPair,
} from './api-contract/accounts';

/** DRF-shaped errors */
export type FieldErrors = Record<string, string[]>;
