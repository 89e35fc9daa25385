import { describe, expect, it } from 'vitest';
import { readDcmlTable } from './dcml-tables';
import { parseMpos } from './mpos';
import { playbackOrder } from './playback-order';

const bar = (mc: number, next: string) => ({ mc: String(mc), next });

describe('playbackOrder', () => {
  it('takes the k-th successor at the k-th arrival', () => {
    // 1 2 :| 3 4 (first ending) :| 5 (second ending)
    const rows = [bar(1, '2'), bar(2, '3'), bar(3, '4, 5'), bar(4, '1'), bar(5, '')];
    expect(playbackOrder(rows)).toEqual([1, 2, 3, 4, 1, 2, 3, 5]);
  });

  it('keeps the last successor once they run out, as a da capo without repeats does', () => {
    const rows = [bar(1, '1, 2'), bar(2, '2, 3, -1'), bar(3, '1')];
    expect(playbackOrder(rows)).toEqual([1, 1, 2, 2, 3, 1, 2]);
  });

  it('refuses a table whose repeats never end', () => {
    expect(() => playbackOrder([bar(1, '2'), bar(2, '1')])).toThrow('never end');
  });

  it('unfolds the DCML tables to the lengths measured in the recordings', () => {
    const lengths = ['K284-3', 'K330-1', 'K331-2'].map(
      (piece) => playbackOrder(readDcmlTable(`${piece}.measures.tsv`)).length,
    );
    expect(lengths).toEqual([496, 300, 248]);
  });
});

describe('parseMpos', () => {
  it('reads pages by element and events in playback order', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<score>
  <elements>
    <element id="0" x="1862.32" y="3167.32" sx="4082.7" sy="4662.5" page="0"/>
    <element id="1" x="5945.02" y="3167.32" sx="5163.69" sy="4662.5" page="1"/>
  </elements>
  <events>
    <event elid="0" position="0"/>
    <event elid="1" position="1875"/>
    <event elid="0" position="5625"/>
  </events>
</score>`;
    expect(parseMpos(xml)).toEqual({
      pages: [0, 1],
      events: [
        { elementId: 0, ms: 0 },
        { elementId: 1, ms: 1875 },
        { elementId: 0, ms: 5625 },
      ],
    });
  });

  it('refuses an event for a bar it does not list', () => {
    expect(() => parseMpos('<element id="0" page="0"/><event elid="3" position="0"/>')).toThrow(
      'no element 3',
    );
  });
});
