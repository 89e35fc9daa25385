import { createHash } from 'node:crypto';

/**
 * Score-like PDFs made in the test itself: every page shows staves and its number in big type, so
 * a person (and a pixel check) can tell the pages apart. Optionally encrypted with the PDF standard
 * security handler, revision 3 (RC4, 128-bit key; ISO 32000-1, 7.6.3), which pdf.js opens after
 * asking for the password. No binary fixture and no external tool (qpdf) is needed.
 */

export interface ScorePdfOptions {
  /** Printed under the page number, e.g. the score's name. */
  label: string;
  pages: number;
  /** Encrypts the file; opening it then needs this password. */
  userPassword?: string;
}

// The 32-byte padding string of the standard security handler (7.6.3.3, Algorithm 2, step a).
const PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);
const KEY_BYTES = 16;
// Every permission granted (bits 1-2 must be 0; the upper bits 1), as the signed 32-bit value.
const PERMISSIONS = -4;

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** RC4, written out because OpenSSL 3 only offers it through its legacy provider. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

function padded(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
}

/** RC4 with the key, then 19 more passes with the key's bytes XORed with 1..19 (revision 3). */
function rc4Rounds(key: Buffer, data: Buffer): Buffer {
  let out = rc4(key, data);
  for (let round = 1; round <= 19; round++) {
    out = rc4(Buffer.from(key.map((byte) => byte ^ round)), out);
  }
  return out;
}

interface Encryption {
  key: Buffer;
  owner: Buffer;
  user: Buffer;
  id: Buffer;
}

function encryption(userPassword: string, id: Buffer): Encryption {
  // Algorithm 3: the O entry (the owner password is the user password here).
  let ownerHash = md5(padded(userPassword));
  for (let n = 0; n < 50; n++) ownerHash = md5(ownerHash);
  const owner = rc4Rounds(ownerHash.subarray(0, KEY_BYTES), padded(userPassword));
  // Algorithm 2: the file key.
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  let key = md5(padded(userPassword), owner, permissions, id);
  for (let n = 0; n < 50; n++) key = md5(key.subarray(0, KEY_BYTES));
  key = key.subarray(0, KEY_BYTES);
  // Algorithm 5: the U entry, 16 bytes of check value and 16 of arbitrary padding.
  const user = Buffer.concat([rc4Rounds(key, md5(PADDING, id)), Buffer.alloc(16)]);
  return { key, owner, user, id };
}

/** Algorithm 1: each object's strings and streams are RC4-encrypted with a key of its own. */
function objectKey(fileKey: Buffer, objectNumber: number): Buffer {
  const suffix = Buffer.from([
    objectNumber & 0xff,
    (objectNumber >> 8) & 0xff,
    (objectNumber >> 16) & 0xff,
    0,
    0,
  ]);
  return md5(fileKey, suffix).subarray(0, Math.min(KEY_BYTES + 5, 16));
}

function pageContent(page: number, pages: number, label: string): string {
  const safe = (text: string) => text.replace(/[()\\]/g, '');
  const staves: string[] = [];
  for (let system = 0; system < 5; system++) {
    const top = 700 - system * 120;
    for (let line = 0; line < 5; line++) {
      const y = top - line * 8;
      staves.push(`60 ${y} m 535 ${y} l S`);
    }
    staves.push(`60 ${top} m 60 ${top - 32} l S`, `535 ${top} m 535 ${top - 32} l S`);
  }
  return [
    '0.55 0.55 0.6 RG 0.8 w',
    ...staves,
    '0.1 0.1 0.12 rg',
    `BT /F1 200 Tf ${page < 10 ? 240 : 185} 330 Td (${page}) Tj ET`,
    `BT /F1 22 Tf 60 780 Td (${safe(label)}) Tj ET`,
    // 'abgd' in the Symbol font: the Greek letters alpha, beta, gamma, delta.
    'BT /F2 16 Tf 60 758 Td (abgd) Tj ET',
    `BT /F1 14 Tf 60 50 Td (Page ${page} of ${pages}) Tj ET`,
  ].join('\n');
}

/** A PDF of `pages` A4 pages with exact cross-reference offsets. */
export function scorePdf({ label, pages, userPassword }: ScorePdfOptions): Buffer {
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, then a page and its content per page.
  const pageObject = (page: number) => 5 + (page - 1) * 2;
  const kids = Array.from({ length: pages }, (_, i) => `${pageObject(i + 1)} 0 R`).join(' ');
  const id = md5(Buffer.from(`${label}:${pages}:${userPassword ?? ''}`));
  const crypt = userPassword === undefined ? null : encryption(userPassword, id);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    // Symbol is never taken from the system: pdf.js loads its bundled font file for it.
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>'),
  ];
  for (let page = 1; page <= pages; page++) {
    const number = pageObject(page);
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${number + 1} 0 R ` +
          '/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>',
      ),
    );
    let stream: Buffer = Buffer.from(pageContent(page, pages, label), 'latin1');
    if (crypt) stream = rc4(objectKey(crypt.key, number + 1), stream);
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
        stream,
        Buffer.from('\nendstream'),
      ]),
    );
  }
  if (crypt) {
    objects.push(
      Buffer.from(
        `<< /Filter /Standard /V 2 /R 3 /Length ${KEY_BYTES * 8} /P ${PERMISSIONS} ` +
          `/O <${crypt.owner.toString('hex')}> /U <${crypt.user.toString('hex')}> >>`,
      ),
    );
  }
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      object,
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  const encrypt = crypt ? ` /Encrypt ${objects.length} 0 R` : '';
  chunks.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} ` +
        `/ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\n` +
        `startxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}

/** Starts like a PDF (so the upload accepts it as one) but has no PDF structure at all. */
export function brokenPdf(): Buffer {
  return Buffer.from('%PDF-1.7\n%this file was cut off before its first object\n', 'latin1');
}
