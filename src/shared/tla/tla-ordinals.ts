/**
 * Display order. Files ask for ordinals that may be 1-based (`ordinal`), 0-based converted
 * (`display_position` + 1), 0 (a hand-edited file), repeated, gapped, or absent. The reader
 * hands out distinct ordinals 1..n instead:
 * - timelines that ask for one come first, by the ordinal asked for, ties in file order;
 * - timelines that ask for none follow in file order (the desktop gives each "the next free one").
 */

export interface OrdinalRequest {
  claim: number | null;
  /** Position of the timeline in the file. */
  fileIndex: number;
}

/** Returns, for each request in the same order, its normalised 1-based ordinal. */
export function normaliseOrdinals(requests: readonly OrdinalRequest[]): number[] {
  const order = requests.map((request, index) => ({ ...request, index }));
  order.sort((a, b) => {
    if (a.claim === null || b.claim === null) {
      if (a.claim !== b.claim) return a.claim === null ? 1 : -1;
    } else if (a.claim !== b.claim) {
      return a.claim - b.claim;
    }
    return a.fileIndex - b.fileIndex;
  });
  const ordinals = new Array<number>(requests.length);
  order.forEach((request, position) => {
    ordinals[request.index] = position + 1;
  });
  return ordinals;
}

/** True when the file's order of timelines decides something: a tie, or a missing ordinal. */
export function needsFileOrder(requests: readonly OrdinalRequest[]): boolean {
  if (requests.length < 2) return false;
  const seen = new Set<number>();
  for (const { claim } of requests) {
    if (claim === null || seen.has(claim)) return true;
    seen.add(claim);
  }
  return false;
}
