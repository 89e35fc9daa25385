/**
 * One pass over the whole parsed tree, before anything reads it, for what no field check can
 * catch: keys that would pollute prototypes once code copies or merges these objects (raw
 * metadata, unknown timelines and score components are passed on as they are), nesting too deep
 * to walk safely, and absurdly long strings. It also notes the first number that overflowed to
 * Infinity; the field readers report those by field name, and the caller faults on the rest.
 *
 * The walk uses its own stack, not recursion, so deep input cannot overflow the call stack.
 */
import { TlaFault } from './tla-fields';
import { MAX_DEPTH, MAX_STRING_LENGTH, UNLIMITED_STRING_KEYS } from './tla-limits';

export interface TreeInspection {
  /** Dotted path of the first number that overflowed to ±Infinity (e.g. 1e309), or null. */
  firstNonFinite: string | null;
}

export function inspectJsonTree(root: unknown): TreeInspection {
  if (typeof root !== 'object' || root === null || !hasAnomaly(root)) {
    return { firstNonFinite: null };
  }
  return locateAnomalies(root);
}

function isForbidden(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

function isOverlong(value: string, key: string | number): boolean {
  return value.length > MAX_STRING_LENGTH && !UNLIMITED_STRING_KEYS.has(String(key));
}

/**
 * The fast pass: is there anything to report at all? It keeps no paths, so that a clean file
 * (nearly every file) costs one tight loop over its values; locateAnomalies finds the place.
 */
function hasAnomaly(root: object): boolean {
  const containers: object[] = [root];
  const depths: number[] = [1];
  const anomalous = (value: unknown, key: string | number, depth: number): boolean => {
    if (typeof value === 'object') {
      if (value !== null) {
        containers.push(value);
        depths.push(depth + 1);
      }
      return false;
    }
    if (typeof value === 'string') return isOverlong(value, key);
    return typeof value === 'number' && !Number.isFinite(value);
  };
  for (let container = containers.pop(); container !== undefined; container = containers.pop()) {
    const depth = depths.pop() ?? 1;
    if (depth > MAX_DEPTH) return true;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        if (anomalous(container[i], i, depth)) return true;
      }
    } else {
      const object = container as Record<string, unknown>;
      // for-in, not Object.keys: V8 walks same-shaped objects (components) from a cache.
      for (const key in object) {
        if (isForbidden(key) || key.length > MAX_STRING_LENGTH) return true;
        if (anomalous(object[key], key, depth)) return true;
      }
    }
  }
  return false;
}

interface Frame {
  value: object;
  depth: number;
  parent: Frame | null;
  key: string | number;
}

/** The slow pass, run only when the fast one found something: the same checks, with paths. */
function locateAnomalies(root: object): TreeInspection {
  const inspection: TreeInspection = { firstNonFinite: null };
  const stack: Frame[] = [{ value: root, depth: 1, parent: null, key: '' }];
  const visit = (value: unknown, parent: Frame, key: string | number): void => {
    if (typeof value === 'string') {
      if (isOverlong(value, key)) {
        throw new TlaFault(
          `string longer than ${MAX_STRING_LENGTH} characters at ${pathOf(parent, key)}`,
        );
      }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) && inspection.firstNonFinite === null) {
        inspection.firstNonFinite = pathOf(parent, key);
      }
    } else if (typeof value === 'object' && value !== null) {
      stack.push({ value, depth: parent.depth + 1, parent, key });
    }
  };
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.depth > MAX_DEPTH) throw new TlaFault(`nested too deeply (over ${MAX_DEPTH} levels)`);
    const container = frame.value;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) visit(container[i], frame, i);
      continue;
    }
    const object = container as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (isForbidden(key)) {
        throw new TlaFault(`forbidden key '${key}' at ${pathOf(frame, null)}`);
      }
      if (key.length > MAX_STRING_LENGTH) {
        throw new TlaFault(
          `key longer than ${MAX_STRING_LENGTH} characters at ${pathOf(frame, null)}`,
        );
      }
      visit(object[key], frame, key);
    }
  }
  return inspection;
}

/** "timelines.0.components.7.time"; "the top level" for the root itself. */
function pathOf(frame: Frame, key: string | number | null): string {
  const keys: (string | number)[] = key === null ? [] : [key];
  for (let f: Frame | null = frame; f !== null && f.parent !== null; f = f.parent) keys.push(f.key);
  return keys.length === 0 ? 'the top level' : keys.reverse().join('.');
}
