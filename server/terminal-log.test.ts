import { describe, expect, it } from 'vitest';
import { terminalLine, terminalLogStream } from './terminal-log';

const time = new Date(2026, 0, 2, 12, 3, 4).getTime();

describe('terminal log lines', () => {
  it('folds a request into one line with method, URL, status and time', () => {
    const open = new Map<string, string>();
    const incoming = {
      level: 30,
      time,
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/v1/health' },
      msg: 'incoming request',
    };
    expect(terminalLine(incoming, open)).toBeNull();
    const completed = {
      level: 30,
      time,
      reqId: 'req-1',
      res: { statusCode: 200 },
      responseTime: 1.234,
      msg: 'request completed',
    };
    expect(terminalLine(completed, open)).toBe('12:03:04 INFO  GET /api/v1/health 200 1.2ms');
    expect(open.size).toBe(0);
  });

  it('shows other fields and an error stack under the message', () => {
    const line = terminalLine(
      {
        level: 50,
        time,
        pid: 1,
        hostname: 'h',
        msg: 'shutdown failed',
        mediaDir: '/m',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
      },
      new Map(),
    );
    expect(line).toBe('12:03:04 ERROR shutdown failed mediaDir="/m"\n  Error: boom\n      at x');
  });

  it('passes through what is not JSON and keeps redacted values redacted', () => {
    const written: string[] = [];
    const stream = terminalLogStream({ write: (text: string) => written.push(text) });
    stream.write('not json\n');
    stream.write(
      JSON.stringify({ level: 40, time, msg: 'odd', headers: { authorization: '[Redacted]' } }),
    );
    expect(written).toEqual([
      'not json\n',
      '12:03:04 WARN  odd headers={"authorization":"[Redacted]"}\n',
    ]);
  });
});
