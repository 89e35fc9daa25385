import { describe, expect, it } from 'vitest';
import { formatFileSize, formatUploadDate, uploadFailureReasons } from './upload-messages';

describe('uploadFailureReasons', () => {
  it("lists the server's reason for each bad file", () => {
    expect(
      uploadFailureReasons(400, {
        file: ["'a.tla': not valid JSON (line 3, column 5)", "'b.wav': the file is empty"],
      }),
    ).toEqual(["'a.tla': not valid JSON (line 3, column 5)", "'b.wav': the file is empty"]);
  });

  it('names other fields, and shows a detail as it is', () => {
    expect(uploadFailureReasons(400, { is_public: ['Must be a valid boolean.'] })).toEqual([
      'is_public: Must be a valid boolean.',
    ]);
    expect(
      uploadFailureReasons(415, { detail: 'Unsupported file type.', file: ["'x.txt': no"] }),
    ).toEqual(['Unsupported file type.', "'x.txt': no"]);
    expect(
      uploadFailureReasons(401, { detail: 'Given token not valid', code: 'token_not_valid' }),
    ).toEqual(['Given token not valid']);
  });

  it('falls back to the status, or says that the server was not reached', () => {
    expect(uploadFailureReasons(502, '<html>Bad gateway</html>')).toEqual([
      'The server answered with HTTP 502.',
    ]);
    expect(uploadFailureReasons(null, undefined)[0]).toMatch(/could not be reached/);
  });
});

describe('formatUploadDate', () => {
  it("writes dates like 'June 5, 2025'", () => {
    expect(formatUploadDate('2025-06-05T12:00:00')).toBe('June 5, 2025');
    expect(formatUploadDate('2024-12-31T08:30:00')).toBe('December 31, 2024');
    expect(formatUploadDate('not a date')).toBe('');
  });
});

describe('formatFileSize', () => {
  it('uses binary units with one decimal under ten', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(250 * 1024 * 1024)).toBe('250 MB');
  });
});
