import '@vexflow-fonts/bravura/index.css';
import type { MusicFont } from '../shared/stage-paint/stage-painter';
import { MUSIC_FONT_FAMILY } from '../shared/viewer-layout/layout-constants';

/*
 * The music font of the Score timelines' clefs, accidentals and signatures: Bravura (SIL Open
 * Font License 1.1, from the @vexflow-fonts/bravura package), a SMuFL font, so every glyph sits
 * on its staff position by its baseline. Its file loads only when a score is drawn. The stage
 * worker loads its own copy (a worker does not see the page's fonts); this one is for the
 * stage painted on the page.
 */

let ready = false;
let loading: Promise<void> | null = null;

/** The music font in the page's font set, for the painter on the page's own canvas. */
export const pageMusicFont: MusicFont = {
  loaded: () => (ready ? MUSIC_FONT_FAMILY : null),
  load() {
    loading ??= document.fonts
      .load(`32px ${MUSIC_FONT_FAMILY}`, '\uE050')
      // Without the font the glyphs are painted in a fallback font; the score still draws.
      .catch(() => undefined)
      .then(() => {
        ready = true;
      });
    return loading;
  },
};
