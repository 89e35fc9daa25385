import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ViewerCache, type ViewerBody } from '../../server/files/viewer-cache';

const body = (text: string): ViewerBody => ({ gzip: gzipSync(Buffer.from(text)) });
const open = { isPublic: true, authorId: 1 };

describe('ViewerCache', () => {
  it('keeps payloads by their gzipped size, least recently used out first', () => {
    const one = body('a'.repeat(1000));
    const size = one.gzip.length;
    const cache = new ViewerCache(size * 2, Infinity);
    cache.set(1, one, open, cache.generation);
    cache.set(2, body('a'.repeat(1000)), open, cache.generation);
    expect(cache.get(1)).toBe(one);
    cache.set(3, body('a'.repeat(1000)), open, cache.generation);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(one);
    expect(cache.get(3)).toBeDefined();
  });

  it('unpacks the JSON once for a client without gzip, and counts it', async () => {
    const text = JSON.stringify({ timelines: 'x'.repeat(5000) });
    const cache = new ViewerCache(4000, Infinity);
    const entry = body(text);
    cache.set(7, entry, open, cache.generation);
    const first = cache.plainJson(7, entry);
    expect(cache.plainJson(7, entry)).toBe(first);
    expect((await first).toString()).toBe(text);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Gzipped and unpacked, the entry no longer fits the 4,000 bytes: it is dropped, not kept.
    expect(cache.get(7)).toBeUndefined();
  });

  it('keeps who may read a file until it is forgotten', () => {
    const keeping = new ViewerCache(100_000, Infinity);
    const entry = body('a');
    keeping.set(1, entry, { isPublic: false, authorId: 4 }, keeping.generation);
    expect(keeping.access(keeping.get(1)!)).toEqual({
      isPublic: false,
      authorId: 4,
      readAt: expect.any(Number),
    });
    keeping.forget(1);
    expect(keeping.get(1)).toBeUndefined();
  });

  it('trusts who may read a file only for its lifetime, then until read again', () => {
    let clock = 0;
    const cache = new ViewerCache(100_000, 1_000, () => clock);
    const entry = body('a');
    cache.set(1, entry, open, cache.generation);
    clock = 999;
    expect(cache.access(entry)?.isPublic).toBe(true);
    clock = 1_000;
    expect(cache.access(entry)).toBeUndefined();
    // Read again (now private): the same body, trusted from now on.
    cache.set(1, entry, { isPublic: false, authorId: 1 }, cache.generation);
    expect(cache.get(1)).toBe(entry);
    expect(cache.access(entry)?.isPublic).toBe(false);
  });

  it('does not keep a body read before a file was forgotten', () => {
    const cache = new ViewerCache(100_000, Infinity);
    const before = cache.generation;
    // A request read the file's access as public; meanwhile the owner made it private.
    cache.forget(1);
    cache.set(1, body('a'), open, before);
    expect(cache.get(1)).toBeUndefined();
  });
});
