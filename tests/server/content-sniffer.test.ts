import { describe, expect, it } from 'vitest';
import { sniffContent } from '../../server/files/uploads/content-sniffer';
import { pdfBytes, wavBytes } from './support/media-bytes';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

/** An ISO base media file's first box: size, 'ftyp', major brand, minor version. */
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'isommp42');

describe('sniffContent', () => {
  it.each([
    ['WAV', wavBytes(0.01), 'audio', 'audio/wav', 'wav'],
    ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio', 'audio/mpeg', 'mp3'],
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz
    ['MP3 frame without a tag', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio', 'audio/mpeg', 'mp3'],
    ['Ogg Vorbis', bytes('OggS', [0, 2], '\x01vorbis'), 'audio', 'audio/ogg', 'ogg'],
    ['Ogg Theora', bytes('OggS', [0, 2], '\x80theora'), 'video', 'video/ogg', 'ogv'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 0x22]), 'audio', 'audio/flac', 'flac'],
    ['M4A', ftyp('M4A '), 'audio', 'audio/mp4', 'm4a'],
    ['MP4', ftyp('isom'), 'video', 'video/mp4', 'mp4'],
    ['QuickTime', ftyp('qt  '), 'video', 'video/quicktime', 'mov'],
    [
      'WebM',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'),
      'video',
      'video/webm',
      'webm',
    ],
    [
      'Matroska',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska'),
      'video',
      'video/x-matroska',
      'mkv',
    ],
    // MPEG-4 AAC LC in ADTS, no CRC
    ['AAC ADTS', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio', 'audio/aac', 'aac'],
    ['PDF', pdfBytes('x'), 'pdf', 'application/pdf', 'pdf'],
    ['JSON', bytes('\n  {"timelines": {}}'), 'json', 'application/json', 'json'],
    [
      'JSON after a byte order mark',
      bytes([0xef, 0xbb, 0xbf], '['),
      'json',
      'application/json',
      'json',
    ],
  ])('knows %s', (_name, head, kind, mimeType, extension) => {
    expect(sniffContent(head)).toMatchObject({ kind, mimeType, extension });
  });

  it.each([
    ['plain text', bytes('just some notes')],
    ['a RIFF that is not WAVE (AVI)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['a bad MPEG frame (reserved version)', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['a PNG image', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a])],
    ['a ZIP archive', bytes('PK', [3, 4])],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffContent(head)).toBeNull();
  });
});
