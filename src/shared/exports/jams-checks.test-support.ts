/**
 * Checks of a JAMS document written from the JAMS documentation and schemata (jams_schema.json,
 * namespaces/*.json), as our own code: no JAMS library is available here. Each returns the
 * faults found, so a test can show them all.
 */

const KEY_MODES = 'major|minor|ionian|dorian|phrygian|lydian|mixolydian|aeolian|locrian';
const ROMAN = '(i|I|ii|II|iii|III|iv|IV|v|V|vi|VI|vii|VII)';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumberAtLeast = (value: unknown, least: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= least;
const isIntegerAtLeast = (value: unknown, least: number) =>
  Number.isInteger(value) && (value as number) >= least;

/** What each namespace requires of an observation's value (the namespace's `value` schema). */
export const NAMESPACE_VALUE_CHECKS: Record<string, (value: unknown) => boolean> = {
  tag_open: (value) => typeof value === 'string',
  multi_segment: (value) =>
    isObject(value) && typeof value.label === 'string' && isIntegerAtLeast(value.level, 0),
  beat_position: (value) =>
    isObject(value) &&
    isNumberAtLeast(value.position, 1) &&
    isIntegerAtLeast(value.measure, 0) &&
    isIntegerAtLeast(value.num_beats, 1) &&
    [1, 2, 4, 8, 16, 32, 64, 128, 256].includes(value.beat_units as number),
  chord_roman: (value) =>
    isObject(value) &&
    typeof value.tonic === 'string' &&
    /^[A-G][b#]?$/.test(value.tonic) &&
    typeof value.chord === 'string' &&
    new RegExp(`^[b#]?${ROMAN}[osdhx+]?[0-9]?[0-9]?(/[b#]?${ROMAN})?$`).test(value.chord),
  key_mode: (value) =>
    typeof value === 'string' && new RegExp(`^(N|[A-G][b#]?(:(${KEY_MODES}))?)$`).test(value),
};

/** Faults of one sparse observation of `namespace`. */
function observationFaults(namespace: string, item: unknown, where: string): string[] {
  if (!isObject(item)) return [`${where}: not an object`];
  const faults: string[] = [];
  for (const field of ['time', 'duration', 'value', 'confidence']) {
    if (!(field in item)) faults.push(`${where}: no ${field}`);
  }
  if (!isNumberAtLeast(item.time, 0)) faults.push(`${where}: time ${String(item.time)}`);
  if (!isNumberAtLeast(item.duration, 0))
    faults.push(`${where}: duration ${String(item.duration)}`);
  const check = NAMESPACE_VALUE_CHECKS[namespace];
  if (!check) faults.push(`${where}: namespace ${namespace} has no check here`);
  else if (!check(item.value)) faults.push(`${where}: value ${JSON.stringify(item.value)}`);
  return faults;
}

/** Every fault of a JAMS document against the layout and the namespaces' value shapes. */
export function jamsFaults(document: unknown): string[] {
  if (!isObject(document)) return ['the document is not an object'];
  const faults: string[] = [];
  const metadata = document.file_metadata;
  if (!isObject(metadata)) faults.push('no file_metadata');
  else {
    for (const field of ['title', 'artist', 'release']) {
      if (typeof metadata[field] !== 'string') faults.push(`file_metadata.${field}`);
    }
    if (!isNumberAtLeast(metadata.duration, 0)) faults.push('file_metadata.duration');
    if (!isObject(metadata.identifiers)) faults.push('file_metadata.identifiers');
    if (!/^[0-9]\.[0-9]\.[0-9]$/.test(String(metadata.jams_version))) faults.push('jams_version');
  }
  if (!isObject(document.sandbox)) faults.push('no sandbox');
  if (!Array.isArray(document.annotations)) return [...faults, 'no annotations'];
  document.annotations.forEach((annotation: unknown, n) => {
    const where = `annotations[${n}]`;
    if (!isObject(annotation)) return faults.push(`${where}: not an object`);
    const { namespace, data } = annotation;
    const meta = annotation.annotation_metadata;
    if (typeof namespace !== 'string') faults.push(`${where}: namespace`);
    if (!isObject(meta)) faults.push(`${where}: annotation_metadata`);
    else if (meta.curator !== undefined) {
      const curator = meta.curator;
      if (
        !isObject(curator) ||
        typeof curator.name !== 'string' ||
        typeof curator.email !== 'string'
      )
        faults.push(`${where}: curator needs a name and an email`);
    }
    if (!Array.isArray(data)) return faults.push(`${where}: data`);
    data.forEach((item: unknown, m) =>
      faults.push(...observationFaults(String(namespace), item, `${where}.data[${m}]`)),
    );
    return undefined;
  });
  return faults;
}
