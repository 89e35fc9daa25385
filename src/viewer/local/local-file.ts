/**
 * The local viewer's files: which of the chosen files is the analysis, the recording and the
 * score PDFs, and the viewer JSON built from them in the browser (nothing is uploaded).
 */
import type { ViewerFileJson } from '../../shared/api-types';
import { readTla } from '../../shared/tla/tla-reader';
import { checkChosenFiles, readChosenFile } from '../../lib/chosen-files';
import { viewerJsonFromDocument } from '../../shared/viewer-json/viewer-json-from-document';

export interface LocalFiles {
  tla: File;
  media: File | null;
  pdfs: File[];
}

export type LocalChoice = { ok: true; files: LocalFiles } | { ok: false; message: string };

const MEDIA_EXTENSIONS = /\.(wav|mp3|ogg|oga|flac|m4a|aac|opus|mp4|m4v|webm|mkv|mov|ogv)$/i;

function extension(name: string): string {
  return /\.[^.]+$/.exec(name)?.[0]?.toLowerCase() ?? '';
}

export function isMediaFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /^(audio|video)\//.test(file.type) || MEDIA_EXTENSIONS.test(file.name);
}

/** One .tla (or desktop JSON export), at most one recording, any number of PDFs. */
export function chooseLocalFiles(files: File[]): LocalChoice {
  const analyses = files.filter((file) => ['.tla', '.json'].includes(extension(file.name)));
  const media = files.filter(isMediaFile);
  const pdfs = files.filter((file) => extension(file.name) === '.pdf');
  const others = files.filter(
    (file) => !analyses.includes(file) && !media.includes(file) && !pdfs.includes(file),
  );
  if (analyses.length === 0) return { ok: false, message: 'Choose a .tla file to show.' };
  if (analyses.length > 1) return { ok: false, message: 'Choose one .tla file at a time.' };
  if (media.length > 1) return { ok: false, message: 'Choose at most one audio or video file.' };
  if (others.length > 0) {
    return {
      ok: false,
      message: `'${others[0]!.name}' is not a .tla, audio, video or PDF file.`,
    };
  }
  return { ok: true, files: { tla: analyses[0]!, media: media[0] ?? null, pdfs } };
}

function baseName(path: string): string {
  return (path.split(/[\\/]/).pop() ?? '').toLowerCase();
}

/**
 * The PDF of a PDF timeline: the chosen PDF with the file name the desktop app stored, or the
 * only chosen PDF when the file has a single PDF timeline.
 */
export function pdfMatcher(pdfPaths: string[], pdfs: { name: string; url: string }[]) {
  return (path: string): string | null => {
    const byName = pdfs.find((pdf) => pdf.name.toLowerCase() === baseName(path));
    if (byName) return byName.url;
    return pdfPaths.length === 1 && pdfs.length === 1 ? pdfs[0]!.url : null;
  };
}

export interface LocalFile {
  json: ViewerFileJson;
  /** The JSON as bytes, for the file worker (the same input as a stored file's). */
  bytes: ArrayBuffer;
  /** Revokes the object URLs of the media and PDFs. */
  release(): void;
}

/**
 * Reads the .tla (throws TlaReadError for a broken one, ChosenFileReadError when the browser
 * cannot read it) and builds the viewer JSON.
 */
export async function openLocalFile(files: LocalFiles): Promise<LocalFile> {
  await checkChosenFiles([...(files.media ? [files.media] : []), ...files.pdfs]);
  const document = readTla(new Uint8Array(await readChosenFile(files.tla)), files.tla.name);
  const urls: string[] = [];
  const urlOf = (file: File) => {
    const url = URL.createObjectURL(file);
    urls.push(url);
    return url;
  };
  const media = files.media
    ? { url: urlOf(files.media), mimeType: files.media.type || 'audio/*' }
    : null;
  const pdfs = files.pdfs.map((file) => ({ name: file.name, url: urlOf(file) }));
  const pdfPaths = document.timelines.flatMap((t) => (t.kind === 'PDF_TIMELINE' ? [t.path] : []));
  const json = viewerJsonFromDocument(document, {
    media,
    pdfUrlFor: pdfMatcher(pdfPaths, pdfs),
    // An untitled file is headed by its name, and its details list it.
    fileName: files.tla.name,
  });
  const bytes = new TextEncoder().encode(JSON.stringify(json)).buffer as ArrayBuffer;
  return {
    json,
    bytes,
    release: () => urls.forEach((url) => URL.revokeObjectURL(url)),
  };
}
