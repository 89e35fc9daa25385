import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../lib/api-client';
import type { UserFilesJson } from '../shared/api-types';
import { useUserId } from '../state/session';
import { Link, useParams } from 'wouter';
import { paths } from '../app/routes';
import { productName, usePageTitle, withProductName } from '../lib/use-page-title';
import { useViewerLoad, viewerHeading } from '../viewer';
import { loadViewerScreen, useViewerScreen } from './viewer-screen-chunk';
import '../viewer/viewer.css';

// Opened at /viewer/, the page fetches the screen's chunk at once, before React renders.
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/viewer/')) {
  void loadViewerScreen();
}

/**
 * Whether the signed-in user owns file `fileId` (null: not asked): one of their own files, as
 * their dashboard lists them. The viewer JSON does not say who uploaded a file.
 */
function useOwnsFile(fileId: number | null): boolean {
  const userId = useUserId();
  const [owns, setOwns] = useState<{ fileId: number; owns: boolean } | null>(null);
  useEffect(() => {
    if (fileId === null || userId === null) return;
    let current = true;
    apiGet<UserFilesJson>('users/files/', { quiet: true })
      .then(({ data }) => {
        if (current) setOwns({ fileId, owns: data.files.some((file) => file.id === fileId) });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [fileId, userId]);
  return owns !== null && owns.fileId === fileId && owns.owns;
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
  // Asked only of a file that lacks a recording or a PDF: its note tells the owner how to add it.
  const owner = useOwnsFile(
    load.status === 'ready' &&
      (load.header.concreteWork.storage === 'abstract' || load.header.missingFiles.length > 0)
      ? load.header.id
      : null,
  );

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
            owner={owner}
          />
        </>
      )}
    </div>
  );
}
