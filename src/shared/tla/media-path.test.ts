import { describe, expect, it } from 'vitest';
import { youtubeVideoId } from './media-path';

describe('youtubeVideoId', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?list=x&v=dQw4w9WgXcQ&t=3',
    'youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://m.youtube.com/shorts/dQw4w9WgXcQ',
  ])('reads the id from %s, a URL form the desktop accepts', (url) => {
    expect(youtubeVideoId(url)).toBe('dQw4w9WgXcQ');
  });
  it('returns null for anything else', () => {
    expect(youtubeVideoId('https://vimeo.com/1234')).toBeNull();
    expect(youtubeVideoId('')).toBeNull();
  });
});
