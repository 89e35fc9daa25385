import { describe, expect, it } from 'vitest';
import { fileHeading, filesNeedingName, isUntitled, shownTitle } from './file-names';

describe('file names', () => {
  it('takes an empty, blank or "Untitled" title for no title', () => {
    expect(isUntitled('')).toBe(true);
    expect(isUntitled('  ')).toBe(true);
    expect(isUntitled(null)).toBe(true);
    expect(isUntitled(' untitled ')).toBe(true);
    expect(isUntitled('Untitled Sonata')).toBe(false);
    expect(shownTitle('')).toBe('Untitled');
    expect(shownTitle(' K. 331 ')).toBe('K. 331');
  });

  it('names the untitled files and those whose title another listed file shares', () => {
    const rows = [
      { id: 1, title: 'Untitled' },
      { id: 2, title: 'Sonata K. 331' },
      { id: 3, title: 'sonata k. 331 ' },
      { id: 4, title: 'Sonata K. 332' },
      { id: 5, title: '' },
    ];
    expect([...filesNeedingName(rows)].sort()).toEqual([1, 3, 5, 2].sort());
    expect(filesNeedingName([{ id: 7, title: 'Alone' }]).size).toBe(0);
  });

  it('heads an untitled file with its file name, without the extension', () => {
    expect(fileHeading('Sonata', 'x.tla')).toBe('Sonata');
    expect(fileHeading('Untitled', 'MusicalForm-op2-1.tla')).toBe('MusicalForm-op2-1');
    expect(fileHeading('', 'export.JSON')).toBe('export');
    expect(fileHeading('Untitled', '')).toBe('Untitled');
    expect(fileHeading(undefined, undefined)).toBe('Untitled');
  });
});
