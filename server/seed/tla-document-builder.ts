/**
 * Assembles a .tla document as the desktop app 0.5.14 saves it (TLA-FORMAT.md): key orders,
 * one id counter shared by timelines and components, components stored in ORDERING_ATTRS order,
 * and the md5 hashes of §6.
 */
import { createHash } from 'node:crypto';
import { PyDict, pyStr, type PyObject, type PyValue } from './tla-python-json';

const TLA_VERSION = '0.5.14';

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Component hash: '|' + str(value) for each serializable attribute, in order. */
export function componentHash(fields: PyObject): string {
  return md5(
    Object.values(fields)
      .map((v) => '|' + pyStr(v))
      .join(''),
  );
}

/** Timeline hash: the kind, then every attribute twice (the desktop's line is duplicated). */
export function timelineHash(kind: string, attributes: PyObject): string {
  let s = kind + '|';
  for (const value of Object.values(attributes)) s += pyStr(value) + '|' + pyStr(value) + '|';
  return md5(kind + '|' + s);
}

export function componentsHash(componentHashes: readonly string[]): string {
  return md5(componentHashes.map((h) => h + '|').join(''));
}

export function timelinesHash(timelineHashes: readonly string[]): string {
  return md5(timelineHashes.join('|'));
}

export interface ComponentDraft {
  kind: string;
  /** The SERIALIZABLE attributes in the desktop's order. */
  fields: PyObject;
  /** ORDERING_ATTRS values: (time), (level, time) or (level, start). */
  order: readonly number[];
}

export interface TimelineDraft {
  kind: string;
  /** The SERIALIZABLE attributes in the desktop's order. */
  attributes: PyObject;
  /** In creation order: ids are handed out in this order. */
  components: ComponentDraft[];
}

/**
 * A shown timeline with only the attributes every kind has, in the desktop's order: hierarchy,
 * marker and audiowave timelines have no others.
 */
export function plainTimeline(
  kind: string,
  { name, height, ordinal }: { name: string; height: number; ordinal: number },
  components: ComponentDraft[],
): TimelineDraft {
  return { kind, attributes: { name, height, is_visible: true, ordinal }, components };
}

/** ORDERING_ATTRS order of two components (missing values count as 0). */
export function compareOrder(a: ComponentDraft, b: ComponentDraft): number {
  for (let i = 0; i < Math.max(a.order.length, b.order.length); i++) {
    const diff = (a.order[i] ?? 0) - (b.order[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * `paths.file` and `paths.media` as the desktop stores them. Relative names make the desktop find
 * the media beside the .tla wherever it is opened: it relocates a path it cannot find by its
 * place relative to the stored `file_path` (tilia/app.py `_verify_path_exists`).
 */
export function buildTlaDocument(
  mediaMetadata: PyObject,
  timelines: TimelineDraft[],
  paths: { file: string; media: string } = { file: '', media: '' },
): PyObject {
  let nextId = 0;
  const written: [string, PyValue][] = [];
  const hashes: string[] = [];
  for (const timeline of timelines) {
    const timelineId = String(nextId++);
    const withIds = timeline.components.map((c) => ({ draft: c, id: String(nextId++) }));
    // Python's sort is stable, like Array.prototype.sort: equal keys keep creation order.
    withIds.sort((a, b) => compareOrder(a.draft, b.draft));
    const components: [string, PyValue][] = [];
    const componentHashes: string[] = [];
    for (const { draft, id } of withIds) {
      const hash = componentHash(draft.fields);
      componentHashes.push(hash);
      components.push([id, { ...draft.fields, kind: draft.kind, hash }]);
    }
    const hash = timelineHash(timeline.kind, timeline.attributes);
    hashes.push(hash);
    const state: Record<string, PyValue> = { kind: timeline.kind, ...timeline.attributes };
    state.hash = hash;
    state.components = new PyDict(components);
    state.components_hash = componentsHash(componentHashes);
    written.push([timelineId, state]);
  }
  return {
    file_path: paths.file,
    media_path: paths.media,
    media_metadata: mediaMetadata,
    timelines: new PyDict(written),
    timelines_hash: timelinesHash(hashes),
    app_name: 'TiLiA',
    version: TLA_VERSION,
  };
}
