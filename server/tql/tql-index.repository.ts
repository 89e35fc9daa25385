import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import {
  TQL_INDEX_VERSION,
  TQL_TIMELINE_COLUMNS,
  TQL_UNIT_COLUMNS,
  type TqlIndexRows,
} from './tql-index';

/** Writes a file's query index inside the caller's transaction, replacing any older one. */
export async function writeTqlIndex(tx: Transaction, rows: TqlIndexRows): Promise<void> {
  const { file } = rows;
  await tx.db.execute(sql`DELETE FROM tql_units WHERE file_id = ${file.fileId}`);
  await tx.db.execute(sql`DELETE FROM tql_labels WHERE file_id = ${file.fileId}`);
  await tx.db.execute(sql`DELETE FROM tql_colors WHERE file_id = ${file.fileId}`);
  await tx.db.execute(sql`DELETE FROM tql_timelines WHERE file_id = ${file.fileId}`);
  await tx.db.execute(sql`DELETE FROM tql_files WHERE file_id = ${file.fileId}`);
  await tx.db.execute(sql`
    INSERT INTO tql_files (file_id, index_version, title, media_length, extent, grammar, fields,
      time_map, bar_starts)
    VALUES (${file.fileId}, ${TQL_INDEX_VERSION}, ${file.title}, ${file.mediaLength}, ${file.extent},
      ${file.grammar}, ${JSON.stringify(file.fields)}::jsonb,
      ${file.timeMap === null ? null : JSON.stringify(file.timeMap)}::jsonb,
      ${file.barStarts === null ? null : `{${file.barStarts.join(',')}}`}::float8[])`);
  if (rows.timelines.length > 0)
    await tx.copyRows('tql_timelines', TQL_TIMELINE_COLUMNS, rows.timelines);
  if (rows.unitCount > 0) await tx.copyRows('tql_units', TQL_UNIT_COLUMNS, rows.units);
  if (rows.labels.length > 0) {
    await tx.copyRows('tql_labels', ['category', 'file_id', 'units'], rows.labels);
  }
  if (rows.colors.length > 0) {
    await tx.copyRows('tql_colors', ['file_id', 'color', 'units'], rows.colors);
  }
}
