import { describe, expect, it } from 'vitest';
import { readTla } from '../tla/tla-reader';
import { viewerJsonFromDocument } from './viewer-json-from-document';
import { beyondTla } from './tla-fixture.test-support';

const document = () => readTla(beyondTla(), 'fixture.tla');

describe('viewerJsonFromDocument', () => {
  it('numbers timelines and components and keeps the display order', () => {
    const json = viewerJsonFromDocument(document());
    expect(json.timelines.map((t) => [t.id, t.display_position, t.kind])).toEqual([
      [1, 0, 'HIERARCHY_TIMELINE'],
      [2, 1, 'MARKER_TIMELINE'],
      [3, 2, 'BEAT_TIMELINE'],
      [4, 3, 'HARMONY_TIMELINE'],
      [5, 4, 'PDF_TIMELINE'],
    ]);
    const ids = json.timelines.flatMap((t) => t.components.map((c) => c.id));
    expect(ids).toEqual(ids.map((_, n) => n + 1));
  });

  it('describes the work, and abstract media when no recording is given', () => {
    const json = viewerJsonFromDocument(document());
    expect(json.abstract_work).toEqual({ id: 1, title: 'Fixture', composer: 'Someone' });
    expect(json.concrete_work).toMatchObject({ storage: 'abstract', url: '', length: 60, end: 60 });
  });

  it('plays a chosen recording from its URL, as audio or video by its type', () => {
    const audio = viewerJsonFromDocument(document(), {
      media: { url: 'blob:a', mimeType: 'audio/wav' },
    });
    expect(audio.concrete_work).toMatchObject({
      storage: 'staticfiles',
      url: 'blob:a',
      type: 'audio',
    });
    const video = viewerJsonFromDocument(document(), {
      media: { url: 'blob:v', mimeType: 'video/mp4' },
    });
    expect(video.concrete_work.type).toBe('video');
  });

  it('labels harmonies in the key in force, and keys by their letter (in the file order)', () => {
    const harmony = viewerJsonFromDocument(document()).timelines[3]!;
    expect(harmony.components.map((c) => ('label' in c ? c.label : ''))).toEqual([
      'I',
      'V65',
      'Tonic!',
      'Am',
      'E:',
      'a:',
    ]);
  });

  it('gives PDF timelines the URL of their PDF, or none', () => {
    expect(viewerJsonFromDocument(document()).timelines[4]!.pdf_url).toBe('');
    const json = viewerJsonFromDocument(document(), {
      pdfUrlFor: (path) => (path.endsWith('Fixture.pdf') ? 'blob:pdf' : null),
    });
    expect(json.timelines[4]!.pdf_url).toBe('blob:pdf');
  });
});
