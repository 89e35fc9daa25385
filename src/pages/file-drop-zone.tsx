import { useId, useState, type DragEvent } from 'react';
import { formatFileSize } from '../lib/upload-messages';

/** What the picker offers first; the server checks every file's bytes whatever its name. */
const ACCEPTED = '.tla,.json,audio/*,video/*,.mp3,.wav,.ogg,.flac,.m4a,.aac,.mp4,.webm,.mkv,.pdf';

interface FileDropZoneProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * A multi-file picker that is also a drop target. Files picked or dropped later are added to
 * the list (a .tla first, its recording afterwards), and each can be taken out again.
 */
export function FileDropZone({
  files,
  onChange,
  disabled,
  invalid,
  describedBy,
}: FileDropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const add = (added: FileList | null) => {
    if (!added || added.length === 0) return;
    const fresh = [...added].filter((file) => !files.some((kept) => sameFile(kept, file)));
    onChange([...files, ...fresh]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(event.dataTransfer.files);
  };

  return (
    <div className="file-drop">
      <div
        className={`file-drop__zone${dragging ? ' file-drop__zone--active' : ''}${
          invalid ? ' file-drop__zone--invalid' : ''
        }`}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="file-drop-zone"
      >
        <svg className="file-drop__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="file-drop__prompt">
          Drop your .tla files here, with their audio or video and score PDFs, or{' '}
          <label htmlFor={inputId} className="file-drop__browse">
            choose files
          </label>
        </p>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          name="file"
          multiple
          accept={ACCEPTED}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            add(event.currentTarget.files);
            // Let the same file be picked again after it was removed from the list.
            event.currentTarget.value = '';
          }}
        />
      </div>
      {files.length > 0 && (
        <ul className="file-drop__list" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="file-drop__item">
              <span className="file-drop__name">{file.name}</span>
              <span className="file-drop__size">{formatFileSize(file.size)}</span>
              <button
                type="button"
                className="file-drop__remove"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                aria-label={`Remove ${file.name}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
