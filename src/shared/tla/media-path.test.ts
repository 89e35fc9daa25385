import { describe, expect, it } from 'vitest';
import { youtubeVideoId } from './media-path';

describe('youtubeVideoId', () => {
  it('reads the id from the URL forms the desktop accepts', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtube.com/watch?list=x&v=dQw4w9WgXcQ&t=3')).toBe(
      'dQw4w9WgXcQ',
    );
    expect(youtubeVideoId('youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });
  it('returns null for anything else', () => {
    expect(youtubeVideoId('https://vimeo.com/1234')).toBeNull();
    expect(youtubeVideoId('')).toBeNull();
  });
});
