/**
 * Where a component stands in the music, for the inspector: its bar and beat by the file's time
 * map, and for a chord the key in force (the last key of its timeline at or before it).
 */
import type { ComponentJson, HarmonyComponentJson } from '../api-types';
import { positionText } from '../time-map/musical-text';
import type { TimeMap } from '../time-map/time-map';

export interface ComponentContext {
  /** '12, beat 3' or '9 (2nd time), beat 1'; null without bars or off them. */
  bar: string | null;
  /** A chord's key in force ('D:', 'a:'); null for anything else, or before the first key. */
  key: string | null;
}

/** The start (segments) or time (points) of a component: where selecting it seeks to. */
export function componentTime(component: ComponentJson): number {
  return ('start' in component ? component.start : component.time) ?? 0;
}

export function componentContext(
  timeline: readonly ComponentJson[],
  component: ComponentJson,
  map: TimeMap | null,
): ComponentContext {
  const time = componentTime(component);
  const position = map?.position(time) ?? null;
  const bar = map && position ? positionText(map, position) : null;
  if ((component as { kind?: unknown }).kind !== 'HARMONY') return { bar, key: null };
  let key: HarmonyComponentJson | null = null;
  for (const other of timeline as HarmonyComponentJson[]) {
    if (other.kind !== 'MODE' || other.time > time) continue;
    if (!key || other.time >= key.time) key = other;
  }
  return { bar, key: key?.label ?? null };
}
