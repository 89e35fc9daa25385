import { describe, expect, it } from 'vitest';
import type { ReceivedFile } from './multipart-intake';
import type { SniffedType } from './content-sniffer';
import { planMediaUpdate, planUpload, type AnnotationRefs, type Asset } from './upload-plan';

const received = (name: string, sha256 = name): ReceivedFile => ({
  name,
  tempPath: `/tmp/${name}`,
  size: 10,
  sha256,
  head: new Uint8Array(),
});

const WAV: SniffedType = {
  kind: 'audio',
  mimeType: 'audio/wav',
  extension: 'wav',
  description: 'a WAV audio file',
};
const MP4: SniffedType = {
  kind: 'video',
  mimeType: 'video/mp4',
  extension: 'mp4',
  description: 'an MP4 video',
};
const PDF: SniffedType = {
  kind: 'pdf',
  mimeType: 'application/pdf',
  extension: 'pdf',
  description: 'a PDF document',
};

const asset = (name: string, type: SniffedType): Asset => ({ file: received(name), type });
const refs = (name: string, mediaName: string | null, pdfNames: string[] = []): AnnotationRefs => ({
  file: received(name),
  mediaName,
  pdfNames,
});

describe('an upload of a .tla that names no media', () => {
  it('takes the one recording no .tla names, with its type from its content', () => {
    const plan = planUpload(
      [refs('named.tla', 'a.wav'), refs('bare.tla', null)],
      [asset('a.wav', WAV), asset('take.mp4', MP4)],
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const [named, bare] = plan.annotations;
    expect(named).toMatchObject({ unnamedMedia: false, media: { file: { name: 'a.wav' } } });
    expect(bare).toMatchObject({ unnamedMedia: true, media: { file: { name: 'take.mp4' } } });
  });

  it('takes none when it could be either of two recordings, or either of two .tla files', () => {
    const two = planUpload([refs('bare.tla', null)], [asset('a.wav', WAV), asset('b.wav', WAV)]);
    expect(two.ok).toBe(false);
    const twoFiles = planUpload(
      [refs('one.tla', null), refs('two.tla', null)],
      [asset('a.wav', WAV)],
    );
    expect(twoFiles.ok).toBe(false);
  });
});

describe('media given to a stored file later', () => {
  const names = { mediaName: 'take.wav', pdfNames: ['score.pdf'] };
  const classified = (...assets: Asset[]) => assets.map((a) => ({ kind: 'asset' as const, ...a }));

  it('pairs the recording and PDFs the file names, whatever their case', () => {
    const plan = planMediaUpdate(
      names,
      classified(asset('TAKE.WAV', WAV), asset('Score.pdf', PDF)),
      'Sonata',
    );
    expect(plan).toMatchObject({ ok: true, unnamedMedia: false });
    if (plan.ok) expect([...plan.pdfs.keys()]).toEqual(['score.pdf']);
  });

  it('says what each file is wrong for', () => {
    const plan = planMediaUpdate(
      names,
      classified(asset('other.wav', WAV), asset('parts.pdf', PDF)),
      'Sonata',
    );
    expect(plan).toEqual({
      ok: false,
      problems: [
        { message: "'other.wav': 'Sonata' names its recording 'take.wav'", unsupported: false },
        {
          message: "'parts.pdf': 'Sonata' does not use it: its PDF timelines name 'score.pdf'",
          unsupported: false,
        },
      ],
    });
  });

  it('takes any one recording for a file that names none, and refuses nothing sent', () => {
    const bare = { mediaName: '', pdfNames: [] };
    expect(planMediaUpdate(bare, classified(asset('x.mp4', MP4)), 'S')).toMatchObject({
      ok: true,
      unnamedMedia: true,
    });
    expect(
      planMediaUpdate(bare, classified(asset('x.mp4', MP4), asset('y.wav', WAV)), 'S').ok,
    ).toBe(false);
    expect(planMediaUpdate(bare, [], 'S')).toEqual({
      ok: false,
      problems: [{ message: 'Choose a recording or a score PDF to add.', unsupported: false }],
    });
  });
});
