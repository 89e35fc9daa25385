import { readFileSync } from 'node:fs';
import path from 'node:path';

const FIXTURES = 'tests/fixtures/tla';
// Between them: every timeline kind the reader types (hierarchy, marker, beat, harmony, mode,
// audiowave, slider), old and new key spellings, and a YouTube media_path.
const SOURCES = ['harmony-v0.6.4.tla', 'hierarchy-v0.1.1.tla', 'youtube-marker-v0.6.4.tla'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Step = string | number;

/**
 * Fields the reader deliberately does not type, as TLA-FORMAT.md sections 2 and 8 require of a
 * reader of real files: metadata is free-form (custom keys, any value; a non-text title reads as
 * 'Untitled'), hashes are recomputed, app_name and file_path are not used, hierarchy
 * parent/children are rebuilt from the levels and times, and a slider timeline has no components.
 */
function untyped(steps: Step[], document: { timelines: Record<string, { kind?: string }> }) {
  const [top, id, field] = steps;
  if (top === 'media_metadata' || top === 'app_name' || top === 'file_path') return true;
  if (steps.some((step) => typeof step === 'string' && step.endsWith('hash'))) return true;
  if (top === 'timelines' && field === 'components') {
    const timelineKind = document.timelines[String(id)]?.kind ?? '';
    if (/slider/i.test(timelineKind)) return true;
    const componentField = steps[4];
    if (componentField === 'parent' || componentField === 'children') return true;
  }
  return false;
}

/** A value of another JSON type than `value`, which no typed field accepts. */
function wrongValue(value: Json): Json {
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 7;
  if (value === null) return { wrong: 'type' };
  return 'an object was expected';
}

function leafPaths(value: Json, steps: Step[], out: Step[][]): Step[][] {
  if (steps.length > 0) out.push(steps);
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      leafPaths(child, [...steps, Array.isArray(value) ? Number(key) : key], out);
    }
  }
  return out;
}

/** One .tla text per typed field of the fixtures, that field set to a value of the wrong type. */
export function wrongTypeCases(): { path: string; text: string }[] {
  const cases: { path: string; text: string }[] = [];
  for (const source of SOURCES) {
    const document = JSON.parse(readFileSync(path.join(FIXTURES, source), 'utf8')) as Json & {
      timelines: Record<string, { kind?: string }>;
    };
    for (const steps of leafPaths(document, [], [])) {
      if (untyped(steps, document)) continue;
      const copy = structuredClone(document) as Json;
      let parent = copy as Record<Step, Json>;
      for (const step of steps.slice(0, -1)) parent = parent[step] as Record<Step, Json>;
      const last = steps.at(-1)!;
      parent[last] = wrongValue(parent[last]!);
      cases.push({ path: `${source}: ${steps.join('.')}`, text: JSON.stringify(copy) });
    }
  }
  return cases;
}
