import { describe, expect, it } from 'vitest';
import { exportFileName, exportMediaType, safeName, uniqueEntryNames } from './export-names';

describe('export names', () => {
  it('names documents after the work, and one timeline after the work and the timeline', () => {
    expect(exportFileName('Sonata in A', 'jams', null)).toBe('Sonata in A.jams');
    expect(exportFileName('Sonata in A', 'webanno', null)).toBe('Sonata in A.jsonld');
    expect(exportFileName('Sonata in A', 'audacity', 'Phrases')).toBe('Sonata in A - Phrases.txt');
    expect(exportFileName('Sonata in A', 'sv', 'Harmony')).toBe('Sonata in A - Harmony.svl');
    expect(exportFileName('Sonata in A', 'sv', null)).toBe(
      'Sonata in A - Sonic Visualiser layers.zip',
    );
  });

  it('makes names safe for any file system', () => {
    expect(safeName('a/b\\c:d*e?f"g<h>i|j\u0001', 'x')).toBe('a_b_c_d_e_f_g_h_i_j_');
    expect(safeName(' ... ', 'Untitled')).toBe('Untitled');
    expect(safeName('x'.repeat(300), 'y').length).toBe(120);
    expect(uniqueEntryNames(['A', 'a', 'A', ''], 'txt')).toEqual([
      'A.txt',
      'a (2).txt',
      'A (3).txt',
      'Timeline.txt',
    ]);
  });

  it('says what each export is', () => {
    expect(exportMediaType('sv', false)).toBe('application/zip');
    expect(exportMediaType('audacity', true)).toBe('text/plain; charset=utf-8');
    expect(exportMediaType('webanno', false)).toContain('application/ld+json');
  });
});
