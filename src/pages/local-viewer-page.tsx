import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routes';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { TlaReadError } from '../shared/tla/tla-model';
import { ChosenFileReadError, FILE_READ_ERROR } from '../lib/chosen-files';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import {
  chooseLocalFiles,
  createViewerFileClient,
  openLocalFile,
  viewerHeading,
  warnAboutOmissions,
  type ViewerFileClient,
} from '../viewer';
import { FileDropZone } from './file-drop-zone';
import { useViewerScreen } from './viewer-screen-chunk';
import '../viewer/viewer.css';

interface Opened {
  header: ViewerHeader;
  client: ViewerFileClient;
  release: () => void;
}

/**
 * /viewer/local: a .tla (with its recording and score PDFs, if the user has them) shown in the
 * full viewer without uploading. Everything happens in this tab: the same reader and layout code
 * as stored files, object URLs for the media, and no request to the API.
 */
export function LocalViewerPage() {
  usePageTitle(withProductName('Open a file without uploading'));
  const errorId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const Screen = useViewerScreen();
  const openedRef = useRef<Opened | null>(null);

  useEffect(
    () => () => {
      openedRef.current?.release();
      openedRef.current = null;
    },
    [],
  );

  const close = () => {
    openedRef.current?.release();
    openedRef.current = null;
    setOpened(null);
  };

  const open = async () => {
    setError(null);
    const chosen = chooseLocalFiles(files);
    if (!chosen.ok) {
      setError(chosen.message);
      return;
    }
    setBusy(true);
    const client = createViewerFileClient();
    try {
      const local = await openLocalFile(chosen.files);
      const result = await client.open(local.bytes);
      if (!result.ok) {
        local.release();
        client.dispose();
        setError(`This file cannot be shown: ${result.message}`);
        return;
      }
      warnAboutOmissions(result.header);
      // The file worker now holds the file: the table view, the strip and the export ask it,
      // as for a stored file. The page keeps only what frees the object URLs.
      const releaseUrls = local.release;
      const next: Opened = {
        header: result.header,
        client,
        release: () => {
          client.dispose();
          releaseUrls();
        },
      };
      openedRef.current?.release();
      openedRef.current = next;
      setOpened(next);
    } catch (caught) {
      client.dispose();
      setError(
        caught instanceof TlaReadError
          ? `This file cannot be opened: ${caught.message}.`
          : caught instanceof ChosenFileReadError
            ? caught.message
            : `${FILE_READ_ERROR}.`,
      );
    } finally {
      setBusy(false);
    }
  };

  if (opened && Screen) {
    return (
      <div className="viewer-page local-viewer">
        <div className="local-viewer__bar">
          <h1>{viewerHeading(opened.header)}</h1>
          <p className="local-viewer__note">
            Shown from your computer: nothing was uploaded.{' '}
            <button type="button" onClick={close}>
              Open another file
            </button>
          </p>
        </div>
        <Screen.component
          header={opened.header}
          client={opened.client}
          mediaBaseUrl=""
          mode="local"
        />
      </div>
    );
  }

  return (
    <div className="page page--narrow local-viewer">
      <h1>Open a file without uploading</h1>
      <p>
        Choose a <code>.tla</code> file (and, if you have them, its audio or video file and its
        score PDFs) or drop them below. The file is shown in the viewer right here in your browser:
        nothing is sent to the server. To share it, <Link href={paths.upload}>upload it</Link>{' '}
        instead.
      </p>
      <FileDropZone
        files={files}
        onChange={(next) => {
          setFiles(next);
          setError(null);
        }}
        disabled={busy}
        invalid={error !== null}
        describedBy={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="local-viewer__error" role="alert">
          {error}
        </p>
      )}
      <p>
        <button type="button" className="button" onClick={() => void open()} disabled={busy}>
          {busy ? 'Opening…' : 'Show in the viewer'}
        </button>
      </p>
    </div>
  );
}
