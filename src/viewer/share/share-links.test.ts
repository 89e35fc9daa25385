import { describe, expect, it } from 'vitest';
import { readShareParams } from '../share-params';
import { embedLink, embedSnippet, viewerShareLink } from './share-links';

describe('share links', () => {
  it('links to the viewer at a moment, with or without a component, and reads back', () => {
    const link = viewerShareLink('https://tilia.example', 135, {
      time: 83.456,
      componentId: 1234,
      span: 30,
    });
    expect(link).toBe('https://tilia.example/viewer/135?t=83.46&c=1234&z=30');
    expect(readShareParams(new URL(link).search)).toEqual({
      time: 83.46,
      componentId: 1234,
      span: 30,
      bar: null,
    });
    expect(viewerShareLink('https://tilia.example', 7, { time: 0 })).toBe(
      'https://tilia.example/viewer/7?t=0',
    );
  });

  it('embeds the chrome-less viewer in an escaped iframe', () => {
    const src = embedLink('https://tilia.example', 135, { time: 12.5, componentId: 4 });
    expect(src).toBe('https://tilia.example/embed/135?t=12.5');
    const snippet = embedSnippet(src, 'A "quoted" <title> & more');
    expect(snippet).toBe(
      '<iframe src="https://tilia.example/embed/135?t=12.5" width="960" height="540" ' +
        'title="A &quot;quoted&quot; &lt;title> &amp; more" style="border:0" ' +
        'allow="autoplay; fullscreen" loading="lazy"></iframe>',
    );
  });
});
