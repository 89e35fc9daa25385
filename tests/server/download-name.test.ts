import { describe, expect, it } from 'vitest';
import { downloadName } from '../../server/files/files.service';

describe('downloadName', () => {
  it('names a .tla after its work title', () => {
    expect(downloadName({ title: 'Sonata in A', originalName: 'k331.tla', format: 'tla' })).toEqual(
      { fileName: 'Sonata in A.tla', mediaType: 'application/octet-stream' },
    );
  });

  it('names an untitled file after its upload', () => {
    expect(
      downloadName({ title: 'Untitled', originalName: 'lesson 3.TLA', format: 'tla' }),
    ).toEqual({ fileName: 'lesson 3.tla', mediaType: 'application/octet-stream' });
    expect(downloadName({ title: 'Untitled', originalName: 'x.json', format: 'export' })).toEqual({
      fileName: 'x.json',
      mediaType: 'application/json',
    });
  });

  it('keeps a JSON export a .json, and a .tla written in the export shape a .tla', () => {
    expect(
      downloadName({ title: 'Minuet', originalName: 'minuet.json', format: 'export' }).fileName,
    ).toBe('Minuet.json');
    expect(
      downloadName({ title: 'Minuet', originalName: 'minuet.tla', format: 'export' }).fileName,
    ).toBe('Minuet.tla');
  });
});
