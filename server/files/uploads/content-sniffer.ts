/**
 * What an uploaded file is, told from its first bytes ("magic numbers"), never from its name or
 * the Content-Type the browser guessed: a renamed file is still what its bytes say.
 */

export type SniffedKind = 'audio' | 'video' | 'pdf' | 'json';

export interface SniffedType {
  kind: SniffedKind;
  mimeType: string;
  /** The extension media is stored under, so that /media/ serves it with the right type. */
  extension: string;
  /** For messages: 'a WAV audio file'. */
  description: string;
}

/** Enough for every signature below, including an MP4 brand and a Matroska DocType. */
export const SNIFF_BYTES = 4096;

const ascii = (head: Uint8Array, offset: number, text: string): boolean => {
  if (head.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    if (head[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
};

const contains = (head: Uint8Array, text: string): boolean =>
  Buffer.from(head.buffer, head.byteOffset, head.byteLength).includes(text, 0, 'latin1');

const type = (
  kind: SniffedKind,
  mimeType: string,
  extension: string,
  description: string,
): SniffedType => ({ kind, mimeType, extension, description });

/** ISO base media (MP4, M4A, MOV): a box of type 'ftyp' first, then the major brand. */
function isoMedia(head: Uint8Array): SniffedType | null {
  if (!ascii(head, 4, 'ftyp')) return null;
  const brand = String.fromCharCode(...head.subarray(8, 12));
  if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ' || brand === 'F4A ') {
    return type('audio', 'audio/mp4', 'm4a', 'an M4A audio file');
  }
  if (brand === 'qt  ') return type('video', 'video/quicktime', 'mov', 'a QuickTime video');
  return type('video', 'video/mp4', 'mp4', 'an MP4 video');
}

/** Matroska and WebM share the EBML header; its DocType says which. */
function ebml(head: Uint8Array): SniffedType | null {
  if (!(head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)) return null;
  if (contains(head, 'webm')) return type('video', 'video/webm', 'webm', 'a WebM video');
  return type('video', 'video/x-matroska', 'mkv', 'a Matroska video');
}

/** MPEG audio frame header: 11 sync bits, then version, layer (not 00) and a usable bitrate and rate. */
function mpegAudioFrame(head: Uint8Array): boolean {
  const [b0, b1, b2] = [head[0] ?? 0, head[1] ?? 0, head[2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** AAC in ADTS frames: 12 sync bits, then layer 00 (where MPEG audio has a non-zero layer). */
function adts(head: Uint8Array): boolean {
  return head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0;
}

/** A JSON document's first significant byte, after an optional UTF-8 byte order mark. */
function looksLikeJson(head: Uint8Array): boolean {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[i]!)) i += 1;
  return head[i] === 0x7b || head[i] === 0x5b;
}

export function sniffContent(head: Uint8Array): SniffedType | null {
  if (ascii(head, 0, '%PDF-')) return type('pdf', 'application/pdf', 'pdf', 'a PDF document');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) {
    return type('audio', 'audio/wav', 'wav', 'a WAV audio file');
  }
  if (ascii(head, 0, 'fLaC')) return type('audio', 'audio/flac', 'flac', 'a FLAC audio file');
  if (ascii(head, 0, 'OggS')) {
    return contains(head, '\x80theora')
      ? type('video', 'video/ogg', 'ogv', 'an Ogg video')
      : type('audio', 'audio/ogg', 'ogg', 'an Ogg audio file');
  }
  if (ascii(head, 0, 'ID3') || mpegAudioFrame(head)) {
    return type('audio', 'audio/mpeg', 'mp3', 'an MP3 audio file');
  }
  if (adts(head)) return type('audio', 'audio/aac', 'aac', 'an AAC audio file');
  const iso = isoMedia(head);
  if (iso) return iso;
  const matroska = ebml(head);
  if (matroska) return matroska;
  if (looksLikeJson(head)) return type('json', 'application/json', 'json', 'a JSON document');
  return null;
}
