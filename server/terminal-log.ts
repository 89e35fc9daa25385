/**
 * Log lines for a person at a terminal: `12:03:04 INFO  GET /api/v1/health 200 1.2ms`. Pino still
 * writes its JSON (with the redaction already applied); this stream turns each line into a short
 * one. Anywhere else (a file, a pipe, a log collector) the JSON goes out as it is.
 */

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

// Fields every line has or that the short form already shows.
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

// Requests still in flight, so that the completion line can name the method and URL; bounded in
// case a request never completes.
const MAX_OPEN_REQUESTS = 1000;

function clock(time: number | undefined): string {
  const date = time === undefined ? new Date() : new Date(time);
  return date.toTimeString().slice(0, 8);
}

/** The short line for one pino record; null for a line that is not shown on its own. */
export function terminalLine(record: LogRecord, openRequests: Map<string, string>): string | null {
  const level = (LEVELS[record.level ?? 30] ?? String(record.level)).padEnd(5);
  const head = `${clock(record.time)} ${level}`;
  if (record.msg === 'incoming request' && record.reqId && record.req) {
    if (openRequests.size >= MAX_OPEN_REQUESTS) {
      openRequests.delete(openRequests.keys().next().value as string);
    }
    openRequests.set(record.reqId, `${record.req.method} ${record.req.url}`);
    return null;
  }
  if (record.msg === 'request completed' && record.reqId && record.res) {
    const request = openRequests.get(record.reqId) ?? record.reqId;
    openRequests.delete(record.reqId);
    const ms = record.responseTime === undefined ? '' : ` ${record.responseTime.toFixed(1)}ms`;
    return `${head} ${request} ${record.res.statusCode}${ms}`;
  }
  const parts = [head, record.msg ?? ''];
  if (record.reqId) parts.push(`(${openRequests.get(record.reqId) ?? record.reqId})`);
  for (const [field, value] of Object.entries(record)) {
    if (!SHOWN.has(field)) parts.push(`${field}=${JSON.stringify(value)}`);
  }
  const line = parts.filter((part) => part !== '').join(' ');
  if (!record.err) return line;
  const error = record.err.stack ?? `${record.err.type}: ${record.err.message}`;
  return [line, ...error.split('\n').map((errorLine) => `  ${errorLine}`)].join('\n');
}

/** A pino destination that writes short lines to `out` (process.stdout when it is a terminal). */
export function terminalLogStream(out: { write(text: string): unknown }) {
  const openRequests = new Map<string, string>();
  return {
    write(json: string) {
      let record: LogRecord;
      try {
        record = JSON.parse(json) as LogRecord;
      } catch {
        out.write(json);
        return;
      }
      const line = terminalLine(record, openRequests);
      if (line !== null) out.write(`${line}\n`);
    },
  };
}
