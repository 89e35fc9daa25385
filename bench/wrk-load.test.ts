import { describe, expect, it } from 'vitest';
import { parseWrkReport } from './wrk-load';

// A report wrk 4.1.0 printed for files/{id}/json of the reference file with gzip.
const REPORT = `Running 3s test @ http://127.0.0.1:8299/api/v1/files/156/json
  2 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.86ms    1.36ms  16.03ms   88.22%
    Req/Sec   716.63    194.26     1.06k    63.33%
  Latency Distribution
     50%    2.43ms
     75%    3.69ms
     90%    4.26ms
     99%    7.60ms
  4282 requests in 3.01s, 1.87GB read
Requests/sec:   1422.75
Transfer/sec:    635.19MB
`;

describe('parseWrkReport', () => {
  it('reads the rate, the latency percentiles and the bytes per request', () => {
    const load = parseWrkReport(REPORT);
    expect(load.requestsPerSecond).toBe(1422.75);
    expect(load.p50).toBeCloseTo(2.43);
    expect(load.p99).toBeCloseTo(7.6);
    expect(load.errors).toBe(0);
    // 1.87 GB over 4,282 responses: the gzipped body, about 0.46 MB.
    expect(load.bytesPerRequest / 1048576).toBeCloseTo(0.447, 2);
  });

  it('counts error responses and socket errors, and reads other time units', () => {
    const report = REPORT.replace('     50%    2.43ms', '     50%  812.00us')
      .replace('     99%    7.60ms', '     99%    1.20s')
      .replace(
        'Requests/sec:',
        '  Non-2xx or 3xx responses: 3\n  Socket errors: connect 0, read 2, write 0, timeout 1\nRequests/sec:',
      );
    const load = parseWrkReport(report);
    expect(load.p50).toBeCloseTo(0.812);
    expect(load.p99).toBe(1200);
    expect(load.errors).toBe(6);
  });

  it('refuses a report without a rate rather than reporting zero', () => {
    expect(() => parseWrkReport('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /no request rate|latency/,
    );
  });
});
