import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../app/routes';
import { productName, usePageTitle, withProductName } from '../lib/use-page-title';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { useViewerLoad } from '../viewer';
import '../viewer/viewer.css';

type ScreenComponent = (typeof import('../viewer/viewer-screen'))['ViewerScreen'];

// The screen (pixi and the drawing code) is its own chunk, fetched alongside the file data and
// the layout worker. It is awaited by hand rather than through React.lazy: a Suspense boundary
// holds its fallback for at least 300 ms, which alone would break the viewer:drawn budget.
let screenModule: Promise<ScreenComponent> | null = null;
function loadScreen(): Promise<ScreenComponent> {
  screenModule ??= import('../viewer/viewer-screen').then((module) => module.ViewerScreen);
  return screenModule;
}
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/viewer/')) {
  void loadScreen();
}

/** '<title> by <composer> performed by <performer>', leaving out the parts a file lacks. */
export function viewerHeading(header: Pick<ViewerHeader, 'abstractWork' | 'concreteWork'>): string {
  const title = header.abstractWork.title.trim() || 'Untitled';
  const composer = header.abstractWork.composer.trim();
  const performer = header.concreteWork.artist.trim();
  return (
    title + (composer ? ` by ${composer}` : '') + (performer ? ` performed by ${performer}` : '')
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="viewer-status" role="status" aria-live="polite">
      <span className="viewer-spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function ViewerPage() {
  const { fileId } = useParams<{ fileId?: string }>();
  const alerted = useRef(false);
  const load = useViewerLoad(fileId);
  const heading = load.status === 'ready' ? viewerHeading(load.header) : null;
  usePageTitle(heading ? withProductName(heading) : withProductName('Viewer'));

  const [Screen, setScreen] = useState<{ component: ScreenComponent } | null>(null);
  useEffect(() => {
    let live = true;
    void loadScreen().then((component) => live && setScreen({ component }));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // SPEC.md section 2: the viewer needs a file id. The ref keeps React's development
    // double effects from alerting twice.
    if (fileId || alerted.current) return;
    alerted.current = true;
    window.alert('No file id was passed in the route.');
  }, [fileId]);

  if (!fileId) {
    return (
      <div className="page page--narrow">
        <h1>Viewer</h1>
        <p role="alert">No file id was passed in the route.</p>
        <p>
          <Link href={paths.browseFiles}>Browse the files</Link> to choose one.
        </p>
      </div>
    );
  }

  return (
    <div className="viewer-page">
      {(load.status === 'loading' || (load.status === 'ready' && !Screen)) && (
        <Loading label="Loading the file…" />
      )}
      {load.status === 'error' && (
        <div className="page page--narrow">
          <h1>The file cannot be shown</h1>
          <p role="alert">{load.message}</p>
          <p>
            <Link href={paths.browseFiles}>Browse the public files of {productName}</Link>
          </p>
        </div>
      )}
      {load.status === 'ready' && Screen && (
        <>
          <h1>{heading}</h1>
          <Screen.component
            header={load.header}
            client={load.client}
            mediaBaseUrl={load.mediaBaseUrl}
          />
        </>
      )}
    </div>
  );
}
