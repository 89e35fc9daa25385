/**
 * The messages between the PGlite proxy (pglite-proxy.ts, the server's thread) and the PGlite
 * host (pglite-host.ts, the database's thread). Everything in them survives structured clone:
 * no functions, and errors as plain fields.
 */

/**
 * What a query's options may say across the boundary. drizzle passes a row mode and parsers
 * that return the text of date, time and interval values as it is (it parses them itself); the
 * host applies the same pass-through parsers to the types named in `textTypes`.
 */
export interface QueryShape {
  rowMode: 'object' | 'array';
  textTypes: number[];
}

/** `transaction` names an open transaction (from `begin`), or null for a statement of its own. */
export type PgliteRequest =
  | {
      id: number;
      kind: 'query';
      sql: string;
      params: unknown[];
      shape: QueryShape;
      transaction: number | null;
    }
  | { id: number; kind: 'exec'; sql: string; transaction: number | null }
  /** COPY ... FROM '/dev/blob' with `data` as the blob (rows in COPY's text format). */
  | { id: number; kind: 'copy'; sql: string; data: Uint8Array; transaction: number | null }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; transaction: number; commit: boolean }
  | { id: number; kind: 'close' }
  /** A backup: the data directory as a gzipped tarball, taken between two statements. */
  | { id: number; kind: 'dump' };

/** What the database's thread is started with. */
export interface PgliteWorkerData {
  /** The data folder; null for a database in memory. */
  dataDir: string | null;
  /** The thread's nice value: how much less CPU it gets than the event loop when both want it. */
  nice: number;
}

/** The worker's first message. */
export type PgliteStarted = { started: true } | { started: false; reason: string };

export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

/**
 * A PostgreSQL error's fields (pg-protocol's DatabaseError, which PGlite throws), which callers
 * read on the error a query rejects with: `code` and `constraint` turn a unique violation into a
 * 400, and the failed-query log reports the rest. Structured clone would keep only the message.
 */
const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
] as const;

export interface ErrorFields {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number>;
}

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  }
  const source = error as Error & Record<string, unknown>;
  const fields: Record<string, string | number> = {};
  for (const key of DATABASE_ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** An error of the database's thread, rebuilt on this side with the same name and fields. */
export class PgliteRemoteError extends Error {
  [field: string]: unknown;

  constructor(described: ErrorFields) {
    super(described.message);
    Object.assign(this, described.fields);
    this.name = described.name;
    if (described.stack !== undefined) this.stack = described.stack;
  }
}
