import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../app/routes';
import { ChosenFileReadError, checkChosenFiles } from '../lib/chosen-files';
import { uploadFailureReasons } from '../lib/upload-messages';
import { sendUpload, type UploadProgress } from '../lib/upload-request';
import { usePageTitle } from '../lib/use-page-title';
import { FileDropZone } from './file-drop-zone';
import '../styles/upload-page.css';

/** SPEC.md section 9: the dashboard opens 1 second after a successful upload. */
const REDIRECT_DELAY_MS = 1000;
/** Long enough to read which media or PDFs the upload did not include. */
const NOT_INCLUDED_REDIRECT_DELAY_MS = 8000;
/** Below this, an upload is over before a progress bar could say anything useful. */
const PROGRESS_BAR_FROM_BYTES = 2 * 1024 * 1024;

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: UploadProgress | null }
  | { phase: 'success'; notIncluded: { title: string; names: string[] }[] }
  | { phase: 'error'; reasons: string[] };

export function UploadPage() {
  usePageTitle('Upload');
  const [, navigate] = useLocation();
  const [files, setFiles] = useState<File[]>([]);
  const [isPublic, setIsPublic] = useState(false);
  const [missingFile, setMissingFile] = useState(false);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const errorId = useId();
  const noteId = useId();

  const shortOfFiles = state.phase === 'success' && state.notIncluded.length > 0;
  useEffect(() => {
    if (state.phase !== 'success') return;
    const delay = shortOfFiles ? NOT_INCLUDED_REDIRECT_DELAY_MS : REDIRECT_DELAY_MS;
    const timer = window.setTimeout(() => navigate(paths.dashboard), delay);
    return () => window.clearTimeout(timer);
  }, [state.phase, shortOfFiles, navigate]);

  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  const uploading = state.phase === 'uploading';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || state.phase === 'success') return;
    if (files.length === 0) {
      setMissingFile(true);
      return;
    }
    const showProgress = totalBytes >= PROGRESS_BAR_FROM_BYTES;
    // The bar is there from the start; the browser's progress events then move it.
    setState({
      phase: 'uploading',
      progress: showProgress ? { loaded: 0, total: totalBytes } : null,
    });
    try {
      await checkChosenFiles(files);
    } catch (error) {
      if (!(error instanceof ChosenFileReadError)) throw error;
      setState({ phase: 'error', reasons: [error.message] });
      return;
    }
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    form.append('is_public', String(isPublic));
    const result = await sendUpload(
      form,
      showProgress ? (progress) => setState({ phase: 'uploading', progress }) : undefined,
    );
    if (result.ok) {
      const notIncluded = result.files
        .filter((file) => file.not_included.length > 0)
        .map((file) => ({ title: file.title, names: file.not_included }));
      setState({ phase: 'success', notIncluded });
    } else setState({ phase: 'error', reasons: uploadFailureReasons(result.status, result.body) });
  };

  return (
    <div className="page page--narrow upload-page">
      <h1 className="visually-hidden">Upload</h1>
      <form
        className="upload-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="upload-form-title"
      >
        <h2 id="upload-form-title" className="upload-form__title">
          UPLOAD FILE
        </h2>

        <FileDropZone
          files={files}
          onChange={(chosen) => {
            setFiles(chosen);
            if (chosen.length > 0) setMissingFile(false);
            if (state.phase === 'error') setState({ phase: 'idle' });
          }}
          disabled={uploading || state.phase === 'success'}
          invalid={missingFile}
          describedBy={missingFile ? errorId : noteId}
        />
        {missingFile && (
          <p id={errorId} className="upload-form__field-error" role="alert">
            This field is required
          </p>
        )}

        <label className="upload-form__checkbox">
          <input
            type="checkbox"
            name="is_public"
            checked={isPublic}
            disabled={uploading}
            onChange={(event) => setIsPublic(event.currentTarget.checked)}
          />
          MAKE FILE(S) PUBLIC?
        </label>

        <p id={noteId} className="upload-form__note">
          Score timelines are shown in the viewer, with their staves, clefs and notes.
        </p>
        <p className="upload-form__note">
          <Link href={paths.localViewer}>Just want to look? Open a file without uploading</Link>
        </p>

        <div className="upload-form__actions">
          {uploading ? (
            <UploadingIndicator progress={state.progress} />
          ) : (
            <button
              type="submit"
              className="button button--primary"
              disabled={state.phase === 'success'}
            >
              UPLOAD
            </button>
          )}
        </div>

        <div aria-live="polite">
          {state.phase === 'success' && (
            <div className="upload-form__result upload-form__result--success" role="status">
              <p>Succesfully uploaded file(s)</p>
              {state.notIncluded.length > 0 && (
                <>
                  <p>
                    Not included, so the viewer cannot play or show them (upload the file again with
                    them to add them):
                  </p>
                  <ul>
                    {state.notIncluded.map(({ title, names }, index) => (
                      <li key={index}>
                        {title}: {names.join(', ')}
                      </li>
                    ))}
                  </ul>
                  <p>
                    <Link to={paths.dashboard}>Go to the dashboard</Link>
                  </p>
                </>
              )}
            </div>
          )}
          {state.phase === 'error' && (
            <div className="upload-form__result upload-form__result--error" role="alert">
              <p>Error uploading file(s)</p>
              <ul>
                {state.reasons.map((reason, index) => (
                  <li key={index}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </form>
    </div>
  );
}

function UploadingIndicator({ progress }: { progress: UploadProgress | null }) {
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : null;
  return (
    <div className="upload-progress">
      <span className="spinner spinner--large" role="status" aria-label="Uploading" />
      {percent !== null && (
        <div className="upload-progress__bar">
          <progress max={100} value={percent} aria-label="Upload progress">
            {percent}%
          </progress>
          <span className="upload-progress__text">
            {percent < 100 ? `${percent}%` : 'Storing your files…'}
          </span>
        </div>
      )}
    </div>
  );
}
