import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { TimeMap } from '../../src/shared/time-map/time-map';
import type { TimeMapSource } from '../tql/tql-index';

/** Where a component falls in its file's bars: the printed bar, which playing of it, the beat. */
export interface MusicalFields {
  measure: number | null;
  pass: number | null;
  beat: number | null;
}

/** Where a result starts: a point's time, a span's start. */
export function hitTime(hit: { time: number | null; start: number | null }): number | null {
  return hit.time ?? hit.start;
}

const NO_POSITION: MusicalFields = { measure: null, pass: null, beat: null };

/** Files whose time maps are kept: a search page names at most 15. */
const KEPT_FILES = 256;

/**
 * The time maps of stored files, for the bar and beat of search results and exports: read from
 * the query index (tql_files.time_map, the file's first beat timeline) and kept, since a stored
 * file never changes. A file without bars, or not indexed yet, has no positions.
 */
export class FileTimeMaps {
  private readonly kept = new Map<number, TimeMap | null>();

  /** The bar and beat of each (file, time), in order. */
  async positions(db: Db, at: { fileId: number; time: number | null }[]): Promise<MusicalFields[]> {
    const missing = [...new Set(at.map((item) => item.fileId))].filter((id) => !this.kept.has(id));
    if (missing.length > 0) await this.load(db, missing);
    return at.map(({ fileId, time }) => {
      const map = this.kept.get(fileId) ?? null;
      const position = map && time !== null ? map.position(time) : null;
      if (!position) return NO_POSITION;
      return {
        measure: position.bar.number,
        pass: position.bar.pass,
        beat: Math.round(position.beat * 1000) / 1000,
      };
    });
  }

  private async load(db: Db, fileIds: number[]): Promise<void> {
    const result = await db.execute(sql`
      SELECT file_id, media_length, time_map FROM tql_files
      WHERE file_id IN (${sql.join(
        fileIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    // A file not indexed yet (the start-up backfill is on its way) is asked for again next time.
    for (const row of rows) {
      const fileId = Number(row.file_id);
      const source = parsedSource(row.time_map);
      const mediaLength = row.media_length === null ? null : Number(row.media_length);
      this.keep(fileId, source ? TimeMap.of({ ...source, mediaLength }) : null);
    }
  }

  private keep(fileId: number, map: TimeMap | null): void {
    if (this.kept.size >= KEPT_FILES) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(fileId, map);
  }
}

/** jsonb arrives parsed from PostgreSQL and PGlite alike; text is parsed here. */
function parsedSource(value: unknown): TimeMapSource | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as TimeMapSource;
}
