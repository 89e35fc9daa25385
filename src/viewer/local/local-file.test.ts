import { describe, expect, it } from 'vitest';
import { beyondTla } from '../../shared/viewer-json/tla-fixture.test-support';
import { chooseLocalFiles, isMediaFile, openLocalFile, pdfMatcher } from './local-file';

const file = (name: string, type = '', body = 'x') => new File([body], name, { type });

describe('local files', () => {
  it('picks the analysis, the recording and the PDFs', () => {
    const tla = file('a.tla');
    const wav = file('a.wav', 'audio/wav');
    const pdf = file('Score.PDF');
    expect(chooseLocalFiles([wav, pdf, tla])).toEqual({
      ok: true,
      files: { tla, media: wav, pdfs: [pdf] },
    });
    expect(isMediaFile(file('clip', 'video/mp4'))).toBe(true);
    expect(isMediaFile(file('take.flac'))).toBe(true);
  });

  it('explains what is wrong with a choice', () => {
    expect(chooseLocalFiles([file('a.wav')])).toEqual({
      ok: false,
      message: 'Choose a .tla file to show.',
    });
    expect(chooseLocalFiles([file('a.tla'), file('b.tla')])).toMatchObject({ ok: false });
    expect(chooseLocalFiles([file('a.tla'), file('a.mp3'), file('b.wav')])).toMatchObject({
      ok: false,
    });
    expect(chooseLocalFiles([file('a.tla'), file('notes.docx')])).toEqual({
      ok: false,
      message: "'notes.docx' is not a .tla, audio, video or PDF file.",
    });
  });

  it('matches PDFs to PDF timelines by file name, or the only one to the only one', () => {
    const pdfs = [{ name: 'fixture.pdf', url: 'blob:1' }];
    expect(
      pdfMatcher(['C:\\scores\\Fixture.pdf', 'other.pdf'], pdfs)('C:\\scores\\Fixture.pdf'),
    ).toBe('blob:1');
    expect(pdfMatcher(['x.pdf', 'y.pdf'], pdfs)('x.pdf')).toBeNull();
    expect(pdfMatcher(['x.pdf'], pdfs)('x.pdf')).toBe('blob:1');
  });

  it('builds the viewer JSON with object URLs for the media and the PDF', async () => {
    const local = await openLocalFile({
      tla: file('fixture.tla', '', beyondTla()),
      media: file('take.webm', 'video/webm'),
      pdfs: [file('Fixture.pdf', 'application/pdf')],
    });
    try {
      expect(local.json.concrete_work).toMatchObject({ storage: 'staticfiles', type: 'video' });
      expect(local.json.concrete_work.url).toMatch(/^blob:/);
      const pdf = local.json.timelines.find((t) => t.kind === 'PDF_TIMELINE');
      expect(pdf?.pdf_url).toMatch(/^blob:/);
      expect(JSON.parse(new TextDecoder().decode(local.bytes))).toEqual(local.json);
    } finally {
      local.release();
    }
  });
});
