import type { ReceivedFile } from './multipart-intake';
import { sniffContent, type SniffedType } from './content-sniffer';

/**
 * Which received file is what, and which media and PDF files belong to which .tla. Pure: the
 * service reads the .tla files and hands over what they refer to.
 */

/** A problem with one file of the batch, ready for the user: "'a.tla': not valid JSON". */
export interface FileProblem {
  message: string;
  /** The file is of a type the platform does not take (415) rather than broken (400). */
  unsupported: boolean;
}

export type Classified =
  | { kind: 'annotation'; file: ReceivedFile }
  | { kind: 'asset'; file: ReceivedFile; type: SniffedType }
  | { kind: 'problem'; problem: FileProblem };

/** What a .tla refers to by file name, read from its media_path and its PDF timelines. */
export interface AnnotationRefs {
  file: ReceivedFile;
  /** null: no local media (none, or a YouTube URL). */
  mediaName: string | null;
  pdfNames: string[];
}

export interface Asset {
  file: ReceivedFile;
  type: SniffedType;
}

export interface PlannedAnnotation {
  file: ReceivedFile;
  media: Asset | null;
  /** By matching key of the PDF's file name. */
  pdfs: Map<string, Asset>;
  /** The media and PDF files the .tla names that the upload did not include, by name. */
  notIncluded: string[];
}

export type Plan =
  | { ok: true; annotations: PlannedAnnotation[]; assets: Asset[] }
  | { ok: false; problems: FileProblem[] };

const ANNOTATION_EXTENSIONS = /\.(tla|json)$/i;

/** Names match whatever the case and Unicode form (Windows and macOS users do not see either). */
export function matchingKey(fileName: string): string {
  return fileName.normalize('NFC').toLowerCase();
}

const broken = (name: string, fault: string): FileProblem => ({
  message: `'${name}': ${fault}`,
  unsupported: false,
});

export function classifyFile(file: ReceivedFile): Classified {
  if (file.size === 0) return { kind: 'problem', problem: broken(file.name, 'the file is empty') };
  const type = sniffContent(file.head);
  if (ANNOTATION_EXTENSIONS.test(file.name)) {
    // The reader judges anything that might be JSON and says precisely what is wrong with it.
    if (type === null || type.kind === 'json') return { kind: 'annotation', file };
    return {
      kind: 'problem',
      problem: broken(file.name, `not a .tla file: its content is ${type.description}`),
    };
  }
  if (type?.kind === 'json') return { kind: 'annotation', file };
  if (type) return { kind: 'asset', file, type };
  return {
    kind: 'problem',
    problem: {
      message:
        `'${file.name}': unsupported file type. Upload .tla files, with the audio or video files ` +
        '(WAV, MP3, Ogg, FLAC, AAC, M4A, MP4, WebM, MKV) and score PDFs they use.',
      unsupported: true,
    },
  };
}

function usedAs(
  asset: Asset,
  refs: AnnotationRefs[],
): { by: string; role: 'media' | 'pdf' } | null {
  const key = matchingKey(asset.file.name);
  for (const ref of refs) {
    if (ref.mediaName !== null && matchingKey(ref.mediaName) === key) {
      return { by: ref.file.name, role: 'media' };
    }
    if (ref.pdfNames.some((name) => matchingKey(name) === key)) {
      return { by: ref.file.name, role: 'pdf' };
    }
  }
  return null;
}

function unusedProblem(asset: Asset, refs: AnnotationRefs[]): FileProblem {
  const use = usedAs(asset, refs);
  const name = asset.file.name;
  if (use?.role === 'media') {
    return broken(name, `'${use.by}' uses it as its media, but it is ${asset.type.description}`);
  }
  if (use?.role === 'pdf') {
    return broken(name, `'${use.by}' uses it as a score PDF, but it is ${asset.type.description}`);
  }
  return broken(
    name,
    `no .tla file in this upload uses it: its name must be the file name of a .tla's media ` +
      `or of a PDF timeline's PDF`,
  );
}

/**
 * Pairs media and PDFs with the .tla files that name them. Every asset must be used, and two
 * different files may not share a name, so nothing is stored that nothing refers to.
 */
export function planUpload(refs: AnnotationRefs[], assets: Asset[]): Plan {
  const problems: FileProblem[] = [];
  const byName = new Map<string, Asset>();
  for (const asset of assets) {
    const key = matchingKey(asset.file.name);
    const other = byName.get(key);
    if (other && other.file.sha256 !== asset.file.sha256) {
      problems.push(broken(asset.file.name, 'another file in this upload has the same name'));
      continue;
    }
    byName.set(key, asset);
  }

  const used = new Set<Asset>();
  const take = (name: string | null, fits: (asset: Asset) => boolean): Asset | null => {
    const asset = name === null ? undefined : byName.get(matchingKey(name));
    if (!asset || !fits(asset)) return null;
    used.add(asset);
    return asset;
  };
  const annotations = refs.map((ref): PlannedAnnotation => {
    const media = take(ref.mediaName, (a) => a.type.kind === 'audio' || a.type.kind === 'video');
    const pdfs = new Map<string, Asset>();
    for (const name of ref.pdfNames) {
      const pdf = take(name, (a) => a.type.kind === 'pdf');
      if (pdf) pdfs.set(matchingKey(name), pdf);
    }
    const notIncluded = [
      ...(ref.mediaName !== null && media === null ? [ref.mediaName] : []),
      ...new Set(ref.pdfNames.filter((name) => !pdfs.has(matchingKey(name)))),
    ];
    return { file: ref.file, media, pdfs, notIncluded };
  });

  for (const asset of byName.values()) {
    if (!used.has(asset)) problems.push(unusedProblem(asset, refs));
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, annotations, assets: [...used] };
}
