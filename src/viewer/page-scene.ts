// pixi's browser extensions load with the scene, in the one chunk the page downloads only when
// it has to draw on its own canvas (no worker can: see remote-scene.ts).
import 'pixi.js/browser';
import { sceneResolution, type Scene } from '../scene/scene';
import { TimelineScene } from '../scene/timeline-scene';

/** The scene on the page's main thread: the fallback where the layout worker cannot draw. */
export function createPageScene(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): Promise<Scene> {
  return TimelineScene.create(canvas, width, height, {
    resolution: sceneResolution(window.devicePixelRatio),
    autoDensity: true,
  });
}
