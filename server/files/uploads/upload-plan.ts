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
  /** The media is a recording the .tla does not name (it names none): its type is its content's. */
  unnamedMedia: boolean;
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

const isRecording = (asset: Asset) => asset.type.kind === 'audio' || asset.type.kind === 'video';

/**
 * A .tla that names no media (saved before its recording was chosen, or naming a YouTube video)
 * takes the one recording of the batch that no .tla names, when it is the only such .tla and that
 * the only such recording: nothing else could be meant. Otherwise the recording stays unused.
 */
function adoptUnnamedRecording(
  annotations: PlannedAnnotation[],
  refs: AnnotationRefs[],
  byName: Map<string, Asset>,
  used: Set<Asset>,
): void {
  const unnamed = annotations.filter((_, index) => refs[index]!.mediaName === null);
  const leftover = [...byName.values()].filter(
    (asset) => !used.has(asset) && isRecording(asset) && usedAs(asset, refs) === null,
  );
  if (unnamed.length !== 1 || leftover.length !== 1) return;
  const annotation = unnamed[0]!;
  annotation.media = leftover[0]!;
  annotation.unnamedMedia = true;
  used.add(leftover[0]!);
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
    const media = take(ref.mediaName, isRecording);
    const pdfs = new Map<string, Asset>();
    for (const name of ref.pdfNames) {
      const pdf = take(name, (a) => a.type.kind === 'pdf');
      if (pdf) pdfs.set(matchingKey(name), pdf);
    }
    const notIncluded = [
      ...(ref.mediaName !== null && media === null ? [ref.mediaName] : []),
      ...new Set(ref.pdfNames.filter((name) => !pdfs.has(matchingKey(name)))),
    ];
    return { file: ref.file, media, unnamedMedia: false, pdfs, notIncluded };
  });
  adoptUnnamedRecording(annotations, refs, byName, used);

  for (const asset of byName.values()) {
    if (!used.has(asset)) problems.push(unusedProblem(asset, refs));
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, annotations, assets: [...used] };
}

/** What a stored file names: its media file ('' for none or a YouTube video) and its PDFs. */
export interface StoredNames {
  mediaName: string;
  pdfNames: string[];
}

/** The media and PDFs given to a stored file later, each checked against what the file names. */
export type MediaUpdatePlan =
  | { ok: true; media: Asset | null; unnamedMedia: boolean; pdfs: Map<string, Asset> }
  | { ok: false; problems: FileProblem[] };

/**
 * Pairs files sent to a stored file (its recording, its score PDFs) with what its .tla names, as
 * an upload pairs them with the .tla beside them: a recording must have the name of the .tla's
 * media, or, when the .tla names none, be the only recording sent; a PDF must have the name of
 * one of its PDF timelines' PDFs. Anything else, or nothing at all, is refused.
 */
export function planMediaUpdate(
  names: StoredNames,
  classified: Classified[],
  fileTitle: string,
): MediaUpdatePlan {
  const problems: FileProblem[] = [];
  const recordings: Asset[] = [];
  const pdfAssets: Asset[] = [];
  for (const item of classified) {
    if (item.kind === 'problem') problems.push(item.problem);
    else if (item.kind === 'annotation') {
      problems.push(
        broken(item.file.name, 'send only its recording and score PDFs here; upload a .tla anew'),
      );
    } else if (isRecording(item)) recordings.push(item);
    else if (item.type.kind === 'pdf') pdfAssets.push(item);
    else
      problems.push(broken(item.file.name, `not a recording or a PDF: ${item.type.description}`));
  }

  let media: Asset | null = null;
  const mediaKey = names.mediaName === '' ? null : matchingKey(names.mediaName);
  for (const recording of recordings) {
    if (mediaKey !== null && matchingKey(recording.file.name) !== mediaKey) {
      problems.push(
        broken(recording.file.name, `'${fileTitle}' names its recording '${names.mediaName}'`),
      );
    } else if (media !== null) {
      problems.push(broken(recording.file.name, 'send one recording only'));
    } else {
      media = recording;
    }
  }

  const pdfKeys = new Set(names.pdfNames.map(matchingKey));
  const pdfs = new Map<string, Asset>();
  for (const pdf of pdfAssets) {
    const key = matchingKey(pdf.file.name);
    if (!pdfKeys.has(key)) {
      const named =
        names.pdfNames.length === 0
          ? 'it has no PDF timeline'
          : `its PDF timelines name ${names.pdfNames.map((name) => `'${name}'`).join(', ')}`;
      problems.push(broken(pdf.file.name, `'${fileTitle}' does not use it: ${named}`));
    } else if (pdfs.has(key)) {
      problems.push(broken(pdf.file.name, 'another file sent has the same name'));
    } else {
      pdfs.set(key, pdf);
    }
  }

  if (problems.length === 0 && media === null && pdfs.size === 0) {
    problems.push({ message: 'Choose a recording or a score PDF to add.', unsupported: false });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, media, unnamedMedia: media !== null && mediaKey === null, pdfs };
}
