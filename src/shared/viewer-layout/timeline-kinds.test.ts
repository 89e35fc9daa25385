import { describe, expect, it } from 'vitest';
import { viewerKind } from './timeline-kinds';

describe('viewerKind', () => {
  it('recognises the _TIMELINE forms', () => {
    expect(viewerKind('HIERARCHY_TIMELINE')).toBe('HIERARCHY');
    expect(viewerKind('AUDIOWAVE_TIMELINE')).toBe('AUDIOWAVE');
    expect(viewerKind('PDF_TIMELINE')).toBe('PDF');
    expect(viewerKind('SLIDER_TIMELINE')).toBe('SLIDER');
  });

  it('recognises the short forms of desktop 0.7 and the bare names', () => {
    expect(viewerKind('Marker')).toBe('MARKER');
    expect(viewerKind('Audiowave')).toBe('AUDIOWAVE');
    expect(viewerKind('AudioWave')).toBe('AUDIOWAVE');
    expect(viewerKind('Pdf')).toBe('PDF');
    expect(viewerKind('BEAT')).toBe('BEAT');
    expect(viewerKind('Harmony')).toBe('HARMONY');
    expect(viewerKind('SCORE_TIMELINE')).toBe('SCORE');
    expect(viewerKind('Score')).toBe('SCORE');
  });

  it('returns null for kinds the viewer does not draw', () => {
    expect(viewerKind('Lcma')).toBeNull();
    expect(viewerKind('')).toBeNull();
  });
});
