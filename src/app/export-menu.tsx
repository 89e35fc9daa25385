import { useId, useRef, useState, type KeyboardEvent, type ToggleEvent } from 'react';
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_INFO,
  isExportableKind,
  type ExportFormat,
} from '../shared/exports/export-formats';
import { downloadExport } from '../lib/export-download';
import './export-menu.css';

export interface ExportTimelineOption {
  id: number;
  name: string;
  /** As the viewer JSON gives it ('HIERARCHY_TIMELINE', ...). */
  kind: string;
}

interface ExportMenuProps {
  fileId: number;
  fileTitle: string;
  /** The file's timelines; with none (the dashboard) the menu exports the whole file. */
  timelines?: readonly ExportTimelineOption[];
}

/** What each format gives, for the whole file and for one timeline. */
const HINTS: Record<ExportFormat, [whole: string, one: string]> = {
  jams: ['one .jams document, every timeline', 'a .jams document'],
  audacity: ['a .zip of one label track per timeline', 'a label track (.txt)'],
  sv: ['a .zip of one .svl layer per timeline', 'an annotation layer (.svl)'],
  webanno: ['one JSON-LD collection, every component', 'a JSON-LD collection'],
};

/**
 * 'Export': a button that opens a short menu of the export formats (JAMS, Audacity labels,
 * Sonic Visualiser layers, W3C Web Annotation), for the whole file or, when the file's timelines
 * are given, for the one chosen. The menu is a popover, so a table's scrolling box never clips
 * it; Escape or a click elsewhere closes it, arrows move between the formats.
 */
export function ExportMenu({ fileId, fileTitle, timelines = [] }: ExportMenuProps) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const exportable = timelines.filter((t) => isExportableKind(t.kind));
  const timeline = exportable.find((t) => t.id === chosen) ?? null;

  // Under the button, or over it where the window ends first; always inside the window (the
  // popover sits in the top layer, outside any scrolling box).
  const place = () => {
    const button = buttonRef.current?.getBoundingClientRect();
    const panel = panelRef.current;
    if (!button || !panel) return;
    const { offsetWidth: width, offsetHeight: height } = panel;
    const margin = 8;
    const left = Math.min(button.right - width, window.innerWidth - width - margin);
    const below = button.bottom + 6;
    const above = button.top - 6 - height;
    const fitsBelow = below + height <= window.innerHeight - margin;
    const top = fitsBelow || above < margin ? below : above;
    panel.style.left = `${Math.max(margin, left)}px`;
    panel.style.top = `${Math.max(margin, Math.min(top, window.innerHeight - height - margin))}px`;
  };

  const items = () =>
    Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[data-export-item]') ?? []);

  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    const isOpen = event.newState === 'open';
    setOpen(isOpen);
    if (isOpen) {
      setStatus('');
      place();
      items()[0]?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[
      event.key as 'ArrowDown'
    ];
    if (next === undefined || at < 0) return;
    event.preventDefault();
    list[(next + list.length) % list.length]?.focus();
  };

  const choose = async (format: ExportFormat) => {
    setBusy(true);
    setStatus(`Preparing ${EXPORT_FORMAT_INFO[format].label}…`);
    try {
      await downloadExport(fileId, format, timeline, fileTitle);
      setStatus('');
      panelRef.current?.hidePopover();
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="export-menu">
      <button
        ref={buttonRef}
        type="button"
        className="export-menu__button"
        popoverTarget={panelId}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Export ${fileTitle}`}
      >
        Export
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M1.5 3.5 5 7l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        className="export-menu__panel"
        role="group"
        aria-label={`Export ${fileTitle}`}
        onToggle={onToggle}
        onKeyDown={onKeyDown}
      >
        {exportable.length > 0 && (
          <label className="export-menu__timeline">
            <span>Timeline</span>
            <select
              data-export-item
              value={chosen ?? ''}
              onChange={(event) =>
                setChosen(event.target.value ? Number(event.target.value) : null)
              }
            >
              <option value="">All timelines</option>
              {exportable.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name || 'Untitled timeline'}
                </option>
              ))}
            </select>
          </label>
        )}
        <ul className="export-menu__list">
          {EXPORT_FORMATS.map((format) => (
            <li key={format}>
              <button
                type="button"
                className="export-menu__item"
                data-export-item
                disabled={busy}
                onClick={() => void choose(format)}
              >
                <span className="export-menu__label">{EXPORT_FORMAT_INFO[format].label}</span>
                <span className="export-menu__hint">{HINTS[format][timeline ? 1 : 0]}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="export-menu__status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
