import { describe, expect, it } from 'vitest';
import { viewerKind } from './timeline-kinds';

describe('viewerKind', () => {
  it.each([
    // The _TIMELINE forms.
    ['HIERARCHY_TIMELINE', 'HIERARCHY'],
    ['AUDIOWAVE_TIMELINE', 'AUDIOWAVE'],
    ['PDF_TIMELINE', 'PDF'],
    ['SLIDER_TIMELINE', 'SLIDER'],
    ['SCORE_TIMELINE', 'SCORE'],
    // The short forms of desktop 0.7 and the bare names.
    ['Marker', 'MARKER'],
    ['Audiowave', 'AUDIOWAVE'],
    ['AudioWave', 'AUDIOWAVE'],
    ['Pdf', 'PDF'],
    ['BEAT', 'BEAT'],
    ['Harmony', 'HARMONY'],
    ['Score', 'SCORE'],
  ])('recognises %s as %s', (name, kind) => {
    expect(viewerKind(name)).toBe(kind);
  });

  it('returns null for kinds the viewer does not draw', () => {
    expect(viewerKind('Lcma')).toBeNull();
    expect(viewerKind('')).toBeNull();
  });
});
