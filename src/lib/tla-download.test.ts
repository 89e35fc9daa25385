import { describe, expect, it } from 'vitest';
import { attachmentName } from './tla-download';

describe('attachmentName', () => {
  it('prefers the UTF-8 name to the ASCII fallback', () => {
    expect(
      attachmentName(
        `attachment; filename="Sonate _ K. 331.tla"; filename*=UTF-8''Sonate%20%E2%80%93%20K.%20331.tla`,
      ),
    ).toBe('Sonate – K. 331.tla');
  });

  it('reads a plain name, quoted or not', () => {
    expect(attachmentName('attachment; filename="export.json"')).toBe('export.json');
    expect(attachmentName('attachment; filename=export.json')).toBe('export.json');
  });

  it('falls back to the plain name when the UTF-8 one is malformed', () => {
    expect(attachmentName(`attachment; filename="a.tla"; filename*=UTF-8''%E2%80`)).toBe('a.tla');
  });

  it('gives null without a name', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName('attachment; filename=""')).toBeNull();
  });
});
