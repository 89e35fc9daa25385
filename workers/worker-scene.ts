// The scene as the layout worker runs it: pixi's web-worker extensions and DOM adapter (an
// OffscreenCanvas for every canvas pixi makes, no document). The worker imports this module
// only when the page hands it a canvas, so opening a file never waits for pixi.
import 'pixi.js/webworker';
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import { TimelineScene } from '../src/scene/timeline-scene';

DOMAdapter.set(WebWorkerAdapter);

export function createWorkerScene(
  canvas: OffscreenCanvas,
  width: number,
  height: number,
  resolution: number,
): Promise<TimelineScene> {
  // An OffscreenCanvas has no style to size: the page sizes its element (remote-scene.ts).
  return TimelineScene.create(canvas, width, height, { resolution, autoDensity: false });
}
