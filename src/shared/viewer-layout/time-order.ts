/**
 * Indices 0..n-1 ordered by `keys`, then by `ties` (when given), then by index, so equal keys keep
 * the file's order. Files list their components in time order almost always, so one pass that
 * finds the keys already in order answers without sorting: opening a large file in the layout
 * worker sorted six lists of up to 43,200 components with comparators that read them back out
 * of objects.
 */
export function timeOrder(keys: Float64Array, ties?: ArrayLike<number>): Int32Array {
  const n = keys.length;
  const order = new Int32Array(n);
  let ordered = true;
  for (let i = 0; i < n; i++) {
    order[i] = i;
    if (ordered && i > 0 && comesBefore(keys, ties, i, i - 1)) ordered = false;
  }
  if (!ordered) {
    order.sort(
      (a, b) =>
        (keys[a] ?? 0) - (keys[b] ?? 0) || (ties ? (ties[a] ?? 0) - (ties[b] ?? 0) : 0) || a - b,
    );
  }
  return order;
}

function comesBefore(
  keys: Float64Array,
  ties: ArrayLike<number> | undefined,
  a: number,
  b: number,
): boolean {
  const ka = keys[a] ?? 0;
  const kb = keys[b] ?? 0;
  if (ka !== kb) return ka < kb;
  return ties !== undefined && (ties[a] ?? 0) < (ties[b] ?? 0);
}

/** `values` in the given order (the same array when the order is the identity). */
export function permuted(values: Float64Array, order: Int32Array): Float64Array {
  let identity = true;
  for (let i = 0; i < order.length && identity; i++) identity = order[i] === i;
  if (identity) return values;
  const out = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = values[order[i] ?? 0] ?? 0;
  return out;
}

/** A number field of each item (0 where it is missing or not a number). */
export function numberField<T>(items: readonly T[], field: (item: T) => unknown): Float64Array {
  const out = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const value = field(items[i] as T);
    out[i] = typeof value === 'number' ? value : 0;
  }
  return out;
}
