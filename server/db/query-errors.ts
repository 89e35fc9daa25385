import { DrizzleQueryError } from 'drizzle-orm';

/** The longest SQL text or database message a log line carries. */
const MAX_LOGGED_CHARS = 500;

const clip = (text: string) =>
  text.length > MAX_LOGGED_CHARS
    ? `${text.slice(0, MAX_LOGGED_CHARS)}… (${text.length} chars)`
    : text;

/** What a query's parameters were, without their values: how many, of which types, how large. */
function describeParams(params: readonly unknown[]): string {
  const kinds = new Map<string, { count: number; size: number }>();
  for (const param of params) {
    let kind: string = param === null ? 'null' : typeof param;
    let size = 0;
    if (typeof param === 'string') size = param.length;
    else if (param instanceof Uint8Array) [kind, size] = ['bytes', param.byteLength];
    else if (Array.isArray(param)) [kind, size] = ['array', param.length];
    const entry = kinds.get(kind) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += size;
    kinds.set(kind, entry);
  }
  const parts = [...kinds].map(([kind, { count, size }]) =>
    size > 0 ? `${count} ${kind} (${size} in all)` : `${count} ${kind}`,
  );
  return `${params.length} parameters${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/** The fields of a PostgreSQL error (pg's DatabaseError, PGlite's) that carry no row values. */
function databaseCause(cause: unknown): Record<string, unknown> | undefined {
  if (!(cause instanceof Error)) return undefined;
  const fields = cause as Error & Record<string, unknown>;
  // Not `detail`, `where` or `internalQuery`: they can quote the row ("Key (title)=(...)").
  const described: Record<string, unknown> = { type: cause.name, message: clip(cause.message) };
  for (const key of ['code', 'severity', 'table', 'column', 'constraint', 'routine']) {
    if (fields[key] !== undefined) described[key] = fields[key];
  }
  return described;
}

/** A failed query as the log shows it (pino names it by its class, FailedQueryError). */
class FailedQueryError extends Error {
  constructor(
    message: string,
    readonly query: string,
    readonly database: Record<string, unknown> | undefined,
    stack: string,
  ) {
    super(message);
    this.stack = stack;
  }
}

/**
 * A failed query as the log may show it: what failed and where, not with what. Drizzle's
 * DrizzleQueryError carries the query's parameters (titles, comments, the uploaded file's bytes)
 * in its `params`, and again in its message and stack: one failed 8 MB upload wrote 21.6 MB of
 * log. Other errors are returned as they are.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const message = `database query failed (${describeParams(error.params)})`;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return new FailedQueryError(
    message,
    clip(error.query),
    databaseCause(error.cause),
    [`FailedQueryError: ${message}`, ...frames].join('\n'),
  );
}

/**
 * A failed COPY of rows into a table as the log may show it: the statement and the size of what
 * it carried, never the rows (an upload's titles and comments).
 */
export function failedCopy(statement: string, bytes: number, cause: unknown): Error {
  const message = `database query failed (COPY of ${bytes} bytes)`;
  const frames = (new Error().stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return new FailedQueryError(
    message,
    clip(statement),
    databaseCause(cause),
    [`FailedQueryError: ${message}`, ...frames].join('\n'),
  );
}
