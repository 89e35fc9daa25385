import { useEffect, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../app/routes';
import { productName, usePageTitle, withProductName } from '../lib/use-page-title';
import { viewerHeading } from '../shared/early-paint/viewer-page-text';
import { useViewerLoad } from '../viewer';
import { loadViewerScreen, useViewerScreen } from './viewer-screen-chunk';
import '../viewer/viewer.css';

// Opened at /viewer/, the page fetches the screen's chunk at once, before React renders.
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/viewer/')) {
  void loadViewerScreen();
}

function Loading({ label }: { label: string }) {
  return (
    <div className="viewer-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
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

  const Screen = useViewerScreen();

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
