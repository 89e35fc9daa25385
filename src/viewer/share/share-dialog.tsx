import { useEffect, useId, useRef, useState } from 'react';
import { formatTime } from '../../shared/time-format';
import { embedLink, embedSnippet, viewerShareLink } from './share-links';
import { shareTarget, type ShareMoment } from '../share-params';

interface ShareDialogProps {
  fileId: number;
  title: string;
  /** The embed's default height: enough for this file's timelines. */
  embedHeight: number;
  /** The playhead, zoom and selection when the dialog was opened. */
  moment: ShareMoment;
  onClose: () => void;
}

async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (an embedding page, an insecure origin): select the text instead,
    // so that Ctrl+C finishes the job.
    field?.select();
    return false;
  }
}

/**
 * The Share dialog: a link to this moment (and the selected component) and an embed snippet,
 * each with a Copy button whose result is announced. A native modal <dialog>: it traps focus,
 * closes on Esc and returns focus to the Share button.
 */
export function ShareDialog({ fileId, title, embedHeight, moment, onClose }: ShareDialogProps) {
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const snippetRef = useRef<HTMLTextAreaElement>(null);
  // The playhead unless the user chooses to include the selected component.
  const [withSelection, setWithSelection] = useState(false);
  const [copied, setCopied] = useState<string>('');
  const origin = window.location.origin;
  const selected = moment.selected;
  const target = shareTarget(moment.playhead, moment.span, withSelection ? selected : null);
  const link = viewerShareLink(origin, fileId, target);
  const snippet = embedSnippet(embedLink(origin, fileId, target), `${title} (TiLiA)`, embedHeight);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const copy = async (what: 'link' | 'snippet') => {
    const ok = await copyText(
      what === 'link' ? link : snippet,
      what === 'link' ? linkRef.current : snippetRef.current,
    );
    setCopied(
      ok
        ? what === 'link'
          ? 'Link copied to the clipboard.'
          : 'Embed code copied to the clipboard.'
        : 'Could not copy: the text is selected, press Ctrl+C.',
    );
  };

  return (
    <dialog
      ref={dialogRef}
      className="share-dialog"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      data-testid="share-dialog"
    >
      <h2 id={`${ids}-title`}>Share this moment</h2>
      <p>
        Opens at <strong>{formatTime(target.time)}</strong>
        {target.componentId != null ? ' with the selected component' : ''}.
      </p>
      {selected !== null && (
        <label className="share-dialog__check">
          <input
            type="checkbox"
            checked={withSelection}
            onChange={(event) => setWithSelection(event.target.checked)}
          />{' '}
          Include the selected component
        </label>
      )}
      <label htmlFor={`${ids}-link`}>Link</label>
      <div className="share-dialog__row">
        <input
          id={`${ids}-link`}
          ref={linkRef}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          data-testid="share-link"
        />
        <button type="button" onClick={() => void copy('link')}>
          Copy link
        </button>
      </div>
      <label htmlFor={`${ids}-embed`}>Embed in a web page</label>
      <div className="share-dialog__row">
        <textarea
          id={`${ids}-embed`}
          ref={snippetRef}
          readOnly
          rows={3}
          value={snippet}
          onFocus={(event) => event.target.select()}
          data-testid="embed-snippet"
        />
        <button type="button" onClick={() => void copy('snippet')}>
          Copy embed code
        </button>
      </div>
      <p role="status" className="share-dialog__status" data-testid="share-status">
        {copied}
      </p>
      <div className="share-dialog__actions">
        <button type="button" onClick={() => dialogRef.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
