import { describe, expect, it } from 'vitest';
import { tlaFileName } from './save-file';

describe('tlaFileName', () => {
  it('names the .tla after the work title, unsafe characters replaced', () => {
    expect(tlaFileName('Sonata No. 14')).toBe('Sonata No. 14.tla');
    expect(tlaFileName('A/B\\C: "D"? <E> |F*')).toBe('A_B_C_ _D__ _E_ _F_.tla');
  });

  it('calls a file without a title Untitled', () => {
    expect(tlaFileName('')).toBe('Untitled.tla');
  });
});
