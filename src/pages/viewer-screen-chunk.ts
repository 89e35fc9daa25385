import { useEffect, useState } from 'react';

type ScreenComponent = (typeof import('../viewer/viewer-screen'))['ViewerScreen'];

// The screen (the stage and its drawing code) is its own chunk, fetched alongside the file data and
// the file worker. It is awaited by hand rather than through React.lazy: a Suspense boundary
// holds its fallback for at least 300 ms, which alone would break the viewer:drawn budget.
let screenModule: Promise<ScreenComponent> | null = null;

/** Fetches the viewer screen's chunk, once for the whole page. */
export function loadViewerScreen(): Promise<ScreenComponent> {
  screenModule ??= import('../viewer/viewer-screen').then((module) => module.ViewerScreen);
  return screenModule;
}

/**
 * The viewer screen once its chunk has arrived (null until then), wrapped so that React keeps
 * the component as a value rather than calling it as a state updater.
 */
export function useViewerScreen(): { component: ScreenComponent } | null {
  const [screen, setScreen] = useState<{ component: ScreenComponent } | null>(null);
  useEffect(() => {
    let live = true;
    void loadViewerScreen().then((component) => live && setScreen({ component }));
    return () => {
      live = false;
    };
  }, []);
  return screen;
}
