/**
 * The stage painter: it paints the viewer's timelines on the canvas the page transferred
 * (src/shared/stage-paint/stage-painter.ts), from views the file worker sends it on a port of
 * their own, so a view goes from one worker to the other without the page's main thread.
 */
import bravuraUrl from '@vexflow-fonts/bravura/bravura.woff2?url';
import * as Comlink from 'comlink';
import { MUSIC_FONT_FAMILY } from '../src/shared/viewer-layout/layout-constants';
import {
  StagePainter,
  type MusicFont,
  type StagePainterApi,
} from '../src/shared/stage-paint/stage-painter';
import { nextWorkerFrame } from './worker-frame';

let painter: StagePainter | null = null;

/** Bravura in this worker's own font set (a worker does not see the page's fonts). */
function musicFont(): MusicFont {
  let loading: Promise<void> | null = null;
  let ready = false;
  return {
    loaded: () => (ready ? MUSIC_FONT_FAMILY : null),
    load() {
      loading ??= (async () => {
        const face = new FontFace(MUSIC_FONT_FAMILY, `url(${bravuraUrl})`);
        self.fonts.add(face);
        await face.load();
      })()
        // Without the font the glyphs are painted in a fallback font, as the page shows them.
        .catch(() => undefined)
        .then(() => {
          ready = true;
        });
      return loading;
    },
  };
}

const api: StagePainterApi = {
  start(canvas, views) {
    const context = canvas.getContext('2d', { alpha: false });
    if (!context) return false;
    const started = new StagePainter(
      canvas,
      context,
      nextWorkerFrame,
      musicFont(),
      (width, height) => new OffscreenCanvas(width, height),
    );
    views.addEventListener('message', (event) => started.receive(event.data));
    views.start();
    painter = started;
    return true;
  },
  attachRuler: (canvas) => painter?.attachRuler(canvas) ?? false,
  async show(show) {
    const shown = (await painter?.show(show)) ?? null;
    return shown && Comlink.transfer(shown, [shown.labels.buffer, shown.rulerLabels.buffer]);
  },
};

Comlink.expose(api);
