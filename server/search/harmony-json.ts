import type { SearchComponentJson } from '../../src/shared/api-types';
import { viewerNumeral } from './harmony-conditions';
import type { HarmonyHit } from './harmony-search.repository';
import type { MusicalFields } from './musical-positions';

/**
 * A chord found by a HARMONY search, with the numeral as the viewer draws it: components/query's
 * result, and the values of the CSV export's line (search-csv-lines.ts, on the work pool).
 */
export function harmonyJson(hit: HarmonyHit, musical: MusicalFields): SearchComponentJson {
  return {
    id: hit.id,
    timeline_id: hit.timelineId,
    time: hit.time,
    key: hit.facts.key,
    numeral: viewerNumeral(hit.facts),
    quality: hit.facts.quality,
    inversion: hit.facts.inversion,
    applied_to: hit.facts.applied_to,
    comments: hit.comments,
    ...musical,
  };
}
