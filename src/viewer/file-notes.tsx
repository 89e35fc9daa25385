import type { PrepareOptions, ViewerHeader } from '../shared/viewer-layout/viewer-document';

/** Who is looking at the file: its owner, someone else, or a person who opened it locally. */
export type Viewing = 'owner' | 'other' | 'local';

/** A metadata value as the desktop's metadata window shows it: text as it is, others as JSON. */
export function metadataText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Says that a file has no recording, and what can be done about it, by who is looking. */
export function noMediaText(viewing: Viewing): string {
  switch (viewing) {
    case 'owner':
      return (
        'This file has no recording, so it cannot be played. Add one from your dashboard: ' +
        "'Add recording or PDF' on its row."
      );
    case 'other':
      return 'This file has no recording: its owner did not add one. The timelines are all here.';
    case 'local':
      return 'This file names no recording. Choose one with it to play it; the timelines are all here.';
    default: {
      const unknown: never = viewing;
      throw new Error(`unknown viewer ${String(unknown)}`);
    }
  }
}

/** "not shown: 12 components of kind X in 'Beats'". */
export function notShownText({ timeline, kind, count }: ViewerHeader['notShown'][number]): string {
  const what = count === 1 ? 'component' : 'components';
  return `Not shown: ${count} ${what} of kind ${kind}${timeline ? ` in '${timeline}'` : ''}.`;
}

interface FileNotesProps {
  header: ViewerHeader;
  viewing: Viewing;
  /**
   * Prepares the file again: its hidden timelines shown or not, the recording's waveform in a
   * row of its own or not; absent where that cannot be done.
   */
  onPrepare?: (options: PrepareOptions) => void;
}

/**
 * Whether the recording's waveform can be drawn in a row of its own: a stored recording (the
 * server computes its peaks), in a file without an Audiowave timeline.
 */
function offersWaveform(header: ViewerHeader, viewing: Viewing): boolean {
  const ownWave = header.timelines.some((timeline) => timeline.kind === 'AUDIOWAVE');
  return (
    viewing !== 'local' &&
    header.concreteWork.storage === 'staticfiles' &&
    (header.waveformRow === true || !ownWave)
  );
}

/**
 * What the viewer says about the file beyond its timelines: a recording it lacks, timelines it
 * hides (with the control that shows them), components it does not draw, and its details (the
 * file's name and every metadata field, custom ones included, as the desktop's metadata window).
 */
export function FileNotes({ header, viewing, onPrepare }: FileNotesProps) {
  const noRecording =
    header.concreteWork.storage === 'abstract' &&
    !header.missingFiles.some((file) => file.what === 'recording');
  const metadata = Object.entries(header.metadata);
  const hiddenNames = header.hidden.map((timeline) => `'${timeline.name}'`).join(', ');
  const waveform = onPrepare && offersWaveform(header, viewing);
  return (
    <div className="viewer-notes">
      {(noRecording || waveform || header.hidden.length > 0 || header.notShown.length > 0) && (
        <div className="viewer-missing" role="note" data-testid="file-notes">
          {waveform && (
            <p data-testid="waveform-row">
              {header.waveformRow
                ? "The first row shows the recording's waveform. "
                : 'This file has no Audiowave timeline. '}
              <button
                type="button"
                className="viewer-link-button"
                onClick={() => onPrepare({ waveform: !header.waveformRow })}
              >
                {header.waveformRow ? 'Hide the waveform' : "Show the recording's waveform"}
              </button>
            </p>
          )}
          {noRecording && <p data-testid="no-media">{noMediaText(viewing)}</p>}
          {header.hidden.length > 0 && (
            <p data-testid="hidden-timelines">
              {header.showsHidden
                ? `Showing the timelines this file hides: ${hiddenNames}. `
                : `${header.hidden.length === 1 ? 'One timeline is' : `${header.hidden.length} timelines are`} hidden in this file: ${hiddenNames}. `}
              {onPrepare && (
                <button
                  type="button"
                  className="viewer-link-button"
                  onClick={() => onPrepare({ showHidden: !header.showsHidden })}
                >
                  {header.showsHidden ? 'Hide them' : 'Show hidden timelines'}
                </button>
              )}
            </p>
          )}
          {header.notShown.map((entry) => (
            <p key={`${entry.timeline}:${entry.kind}`} data-testid="not-shown">
              {notShownText(entry)} They stay in the file&apos;s download.
            </p>
          ))}
        </div>
      )}
      {(metadata.length > 0 || header.fileName) && (
        <details className="viewer-details" data-testid="file-details">
          <summary>File details</summary>
          <dl>
            {header.fileName && (
              <div className="viewer-details__field">
                <dt>File name</dt>
                <dd>{header.fileName}</dd>
              </div>
            )}
            {metadata.map(([key, value]) => (
              <div key={key} className="viewer-details__field">
                <dt>{key}</dt>
                <dd>{metadataText(value) || '—'}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
