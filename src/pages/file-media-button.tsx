import { useRef, useState, type ChangeEvent } from 'react';
import { sendOwnFileMedia, type OwnFileRow } from '../lib/user-files-api';

/** What the files chosen became: said in the row, beside the button. */
type Outcome =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'done'; text: string }
  | { state: 'refused'; reasons: string[] };

const ACCEPTED =
  'audio/*,video/*,application/pdf,.pdf,.mp3,.wav,.ogg,.flac,.m4a,.aac,.mp4,.webm,.mkv';

/** Whether the browser takes a chosen file for audio or video (PDFs say application/pdf). */
const isRecordingFile = (file: File) =>
  /^(audio|video)\//.test(file.type) ||
  /\.(mp3|wav|ogg|flac|m4a|aac|mp4|webm|mkv)$/i.test(file.name);

interface FileMediaButtonProps {
  row: OwnFileRow;
  /** The label's name for the file (its title, with its file name where titles repeat). */
  name: string;
  /** Told once the server has stored what was chosen, and whether that held a recording. */
  onStored: (withRecording: boolean) => void;
}

/**
 * 'Add recording or PDF' ('Replace...' once it has one): a stored file's recording and score PDFs
 * given after its upload (PUT files/{id}/media/), checked as an upload is. The server's reasons
 * for a refusal are shown as they are.
 */
export function FileMediaButton({ row, name, onStored }: FileMediaButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const label = row.hasRecording ? 'Replace recording or add PDF' : 'Add recording or PDF';

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    setOutcome({ state: 'sending' });
    try {
      const result = await sendOwnFileMedia(row.id, chosen);
      if (!result.ok) {
        setOutcome({ state: 'refused', reasons: result.reasons });
        return;
      }
      const missing = result.notIncluded;
      setOutcome({
        state: 'done',
        text:
          missing.length === 0
            ? 'Added: the file has all its media.'
            : `Added. Still missing: ${missing.join(', ')}.`,
      });
      onStored(chosen.some(isRecordingFile));
    } catch (error) {
      setOutcome({
        state: 'refused',
        reasons: [error instanceof Error ? error.message : String(error)],
      });
    }
  };

  return (
    <span className="file-media">
      <button
        type="button"
        className="file-media__button"
        disabled={outcome.state === 'sending'}
        onClick={() => input.current?.click()}
        aria-label={`${label}: ${name}`}
      >
        {outcome.state === 'sending' ? 'Sending…' : label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPTED}
        onChange={(event) => void send(event)}
      />
      <span role="status" className="file-media__status">
        {outcome.state === 'done' && outcome.text}
        {outcome.state === 'refused' && (
          <span className="file-media__refused">Not added: {outcome.reasons.join(' ')}</span>
        )}
      </span>
    </span>
  );
}
