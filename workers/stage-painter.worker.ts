/**
 * The stage painter: it paints the viewer's timelines on the canvas the page transferred
 * (src/shared/stage-paint/stage-painter.ts), from views the file worker sends it on a port of
 * their own, so a view goes from one worker to the other without the page's main thread.
 */
import * as Comlink from 'comlink';
import { StagePainter, type StagePainterApi } from '../src/shared/stage-paint/stage-painter';
import { nextWorkerFrame } from './worker-frame';

let painter: StagePainter | null = null;

const api: StagePainterApi = {
  start(canvas, views) {
    const context = canvas.getContext('2d', { alpha: false });
    if (!context) return false;
    const started = new StagePainter(canvas, context, nextWorkerFrame);
    views.addEventListener('message', (event) => started.receive(event.data));
    views.start();
    painter = started;
    return true;
  },
  show: (show) => painter?.show(show) ?? Promise.resolve(null),
};

Comlink.expose(api);
