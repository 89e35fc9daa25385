import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exportComponents } from '../../server/search/search-export.service';
import { databaseKinds } from './support/test-database';
import { databaseSuite } from './support/suites';

/**
 * The search export's bytes, pinned: each search over the seeded examples (bars and beats, DCML's
 * harmonies, hierarchies, cadence markers, labels with commas and quotes) exports exactly the
 * CSV that the export built on the server's thread did, whichever thread builds it now. The
 * digests were taken from that export; a fresh database seeds the same ids every time.
 */
const PINNED: { name: string; params: Record<string, unknown>; bytes: number; sha256: string }[] = [
  {
    name: 'every beat by time',
    params: { query: { 'tl.kind': 'BEAT' }, order_by: 'time' },
    bytes: 2566972,
    sha256: '119190a7f20c5247d66b4cee08b727b78a22dd9004b6a11940748c4f31ef19b0',
  },
  {
    name: 'every cadence marker by label, down',
    params: { query: { 'tl.kind': 'MARKER' }, order_by: 'label', order_direction: 'desc' },
    bytes: 142833,
    sha256: 'c34030dbdbaba7e86ef38431861442c0cf7b78668fa4b7b0cbfca76622bf7e64',
  },
  {
    name: 'every hierarchy by start',
    params: { query: { 'tl.kind': 'HIERARCHY' }, order_by: 'start' },
    bytes: 132187,
    sha256: '50ccc36a3ac613c63a2495b6b85b391b6263a0c0abc26b63f686f6faee6cda0b',
  },
  {
    name: 'every chord by time',
    params: { query: { 'tl.kind': 'HARMONY' }, order_by: 'time' },
    bytes: 2036608,
    sha256: '577b72dc025a7488a53e7626e20881d7cae5db7b9eb394353764e91a145feb57',
  },
  {
    name: 'the dominant chords by composer',
    params: { query: { 'tl.kind': 'HARMONY', cmp: { numeral: 'V' } }, order_by: 'composer' },
    bytes: 250812,
    sha256: 'b2d8611ecd8c5d35440c05ce6c9f0170649b5764de166833b400967706bd2c4b',
  },
  // The examples hold no range: the header alone (tests/server/range-timelines.test.ts has rows).
  {
    name: 'every range',
    params: { query: { 'tl.kind': 'RANGE' }, order_by: 'start' },
    bytes: 122,
    sha256: '010512a017f88be8f2d5b9878e14280d47a663c5fb62579774134bb97d67484d',
  },
];

describe.each(databaseKinds)('the search export, byte for byte, on %s', (kind) => {
  const suite = databaseSuite(kind, { seed: true });

  async function exported(params: Record<string, unknown>, batchSize: number): Promise<Buffer> {
    const raw = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]));
    const { stream } = exportComponents(suite.testDb.database, raw, 'http://tilia.test', {
      batchSize,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      chunks.push(
        typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array),
      );
    }
    return Buffer.concat(chunks);
  }

  it.each(PINNED)('exports $name as it always did', async ({ params, bytes, sha256 }) => {
    // Batches of 1000 and of 251: the lines do not depend on where a batch ends.
    for (const batchSize of [1000, 251]) {
      const csv = await exported(params, batchSize);
      expect(csv.length).toBe(bytes);
      expect(createHash('sha256').update(csv).digest('hex')).toBe(sha256);
    }
  });
});
