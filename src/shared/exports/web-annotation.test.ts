import { describe, expect, it } from 'vitest';
import { beyondTla } from '../viewer-json/tla-fixture.test-support';
import { exportChunks } from './export-job';
import { jobFor, SITE, text } from './export-job.test-support';
import { mediaFragment } from './web-annotation';

interface Annotation {
  id: string;
  type: string;
  body: { type: string; value: string; purpose: string }[];
  target: { source: { id: string; type: string }; selector: Record<string, string> };
  via: string;
}

const collectionOf = (timelineId: number | null, mediaUrl: string | null = null) =>
  JSON.parse(
    text(
      exportChunks(jobFor(beyondTla(), 'webanno', timelineId, { mediaUrl, mediaType: 'audio' })),
    ),
  ) as Record<string, unknown> & {
    first: { type: string; items: Annotation[] };
  };

describe('W3C Web Annotation collections', () => {
  it('is an AnnotationCollection in the anno.jsonld context holding one annotation per component', () => {
    const collection = collectionOf(null);
    expect(collection['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
    expect(collection.type).toBe('AnnotationCollection');
    expect(collection.id).toBe(`${SITE}/api/v1/files/7/export/webanno`);
    expect(collection.label).toBe('Fixture');
    // Form 4, cadences 2, beats 8, harmony 6, pages 1.
    expect(collection.total).toBe(21);
    expect(collection.first.type).toBe('AnnotationPage');
    expect(collection.first.items.length).toBe(21);
    expect(new Set(collection.first.items.map((a) => a.id)).size).toBe(21);
  });

  it('gives the label as body, the comments as a second body, the span as a media fragment', () => {
    const [hc] = collectionOf(101, 'https://media.example.org/k331.mp3').first.items;
    expect(hc).toEqual({
      id: `${SITE}/api/v1/files/7/export/webanno?timeline=101#component-2000`,
      type: 'Annotation',
      motivation: 'describing',
      body: [
        { type: 'TextualBody', value: 'HC', format: 'text/plain', purpose: 'describing' },
        { type: 'TextualBody', value: 'half, "open"', format: 'text/plain', purpose: 'commenting' },
      ],
      target: {
        source: { id: 'https://media.example.org/k331.mp3', type: 'Sound' },
        selector: {
          type: 'FragmentSelector',
          conformsTo: 'http://www.w3.org/TR/media-frags/',
          value: 't=19.5',
        },
      },
      via: `${SITE}/viewer/7?t=19.5&c=2000`,
    });
    const [exposition] = collectionOf(100).first.items.filter(
      (a) => a.body[0]?.value === 'Exposition',
    );
    expect(exposition?.target.selector.value).toBe('t=0,40');
    expect(exposition?.body.length).toBe(1);
  });

  it('targets the viewer page when the file has no recording', () => {
    const [first] = collectionOf(100).first.items;
    expect(first?.target.source).toEqual({
      id: `${SITE}/viewer/7`,
      type: 'Text',
      format: 'text/html',
    });
  });

  it('writes points as a start and spans as start,end in seconds', () => {
    expect(mediaFragment(12.5, 12.5, true)).toBe('t=12.5');
    expect(mediaFragment(1.23456, 7, false)).toBe('t=1.235,7');
  });
});
