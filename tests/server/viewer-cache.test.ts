import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ViewerCache } from '../../server/files/viewer-cache';

const body = (text: string) => ({ gzip: gzipSync(Buffer.from(text)) });

describe('ViewerCache', () => {
  it('keeps payloads by their gzipped size, least recently used out first', () => {
    const one = body('a'.repeat(1000));
    const size = one.gzip.length;
    const cache = new ViewerCache(size * 2);
    cache.set(1, one);
    cache.set(2, body('a'.repeat(1000)));
    expect(cache.get(1)).toBe(one);
    cache.set(3, body('a'.repeat(1000)));
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(one);
    expect(cache.get(3)).toBeDefined();
  });

  it('unpacks the JSON once for a client without gzip, and counts it', async () => {
    const text = JSON.stringify({ timelines: 'x'.repeat(5000) });
    const cache = new ViewerCache(4000);
    const entry = body(text);
    cache.set(7, entry);
    const first = cache.plainJson(7, entry);
    expect(cache.plainJson(7, entry)).toBe(first);
    expect((await first).toString()).toBe(text);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Gzipped and unpacked, the entry no longer fits the 4,000 bytes: it is dropped, not kept.
    expect(cache.get(7)).toBeUndefined();
  });
});
