import '@vexflow-fonts/bravura/index.css';
import { MUSIC_FONT_FAMILY } from '../shared/viewer-layout/layout-constants';

/*
 * The music font of the Score timelines' clefs, accidentals and signatures: Bravura (SIL Open
 * Font License 1.1, from the @vexflow-fonts/bravura package), a SMuFL font, so every glyph sits
 * on its staff position by its baseline. Its file loads only when a score is drawn.
 */

/**
 * Where the baseline falls in a line box of height 1em (labels are laid out with line-height 1),
 * as a share of the font size. Measured once the font is there; the guess before that only
 * matters for the moment before it loads.
 */
let baselineShare = 0.5;
let ready: Promise<void> | null = null;

export function musicBaseline(size: number): number {
  return baselineShare * size;
}

function measureBaseline(): number {
  const probe = document.createElement('span');
  probe.style.cssText =
    `position:absolute;visibility:hidden;top:0;left:0;font:100px/1 ${MUSIC_FONT_FAMILY};` +
    'white-space:nowrap';
  probe.textContent = '\uE050';
  // An empty inline block sits with its bottom on the baseline.
  const marker = document.createElement('span');
  marker.style.cssText = 'display:inline-block;width:0;height:0';
  probe.append(marker);
  document.body.append(probe);
  const share = (marker.getBoundingClientRect().top - probe.getBoundingClientRect().top) / 100;
  probe.remove();
  return Number.isFinite(share) ? share : baselineShare;
}

/** Loads the font (once) and measures its baseline; resolves when glyphs can be placed exactly. */
export function musicFontReady(): Promise<void> {
  ready ??= document.fonts
    .load(`32px ${MUSIC_FONT_FAMILY}`, '\uE050')
    .then(() => {
      baselineShare = measureBaseline();
    })
    .catch(() => {
      // Without the font the glyphs show as the browser's fallback; the score still draws.
    });
  return ready;
}
