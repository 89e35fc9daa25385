import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { HOVER_MENU_CLOSE_DELAY_MS } from './pdf-constants';
import type { PdfSource } from './pdf-panel';

interface PdfHoverMenuProps {
  sources: PdfSource[];
  selected: number;
  visible: boolean;
  onSelect: (index: number) => void;
  onToggleVisible: () => void;
}

const SCORE_ICON = 'M5 2h7l4 4v12H5zM11 3v4h4M7 10h7M7 13h7M7 16h5';

/**
 * The score menu at the panel's top right: 50 px wide, it opens to 300 px on hover (or with its
 * button, for keyboards and touch) to choose which PDF is shown and to hide or show the panel. It
 * closes 200 ms after a choice, and does not reopen under a pointer that has not left it since.
 */
export function PdfHoverMenu({
  sources,
  selected,
  visible,
  onSelect,
  onToggleVisible,
}: PdfHoverMenuProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const choseUnderPointer = useRef(false);
  const tabRef = useRef<HTMLButtonElement>(null);
  const bodyId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_MENU_CLOSE_DELAY_MS);
  };

  const choose = (action: () => void) => {
    choseUnderPointer.current = true;
    action();
    closeSoon();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      clearTimeout(closeTimer.current);
      setOpen(false);
      tabRef.current?.focus();
    }
  };

  return (
    <nav
      className="pdf-menu"
      data-open={open ? 'true' : 'false'}
      data-testid="pdf-menu"
      aria-label="Score PDFs"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && !choseUnderPointer.current) {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        choseUnderPointer.current = false;
        clearTimeout(closeTimer.current);
        setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        ref={tabRef}
        className="pdf-menu__tab"
        aria-expanded={open}
        aria-controls={bodyId}
        aria-label="Score PDFs"
        title="Score PDFs"
        onClick={() => {
          clearTimeout(closeTimer.current);
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        <svg viewBox="0 0 20 20" width="22" height="22" aria-hidden="true" focusable="false">
          <path d={SCORE_ICON} fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div className="pdf-menu__body" id={bodyId} hidden={!open}>
        <p className="pdf-menu__heading">Score</p>
        <ul className="pdf-menu__list">
          {sources.map((source, index) => (
            <li key={source.timeline}>
              <button
                type="button"
                className="pdf-menu__choice"
                aria-pressed={index === selected}
                onClick={() => choose(() => onSelect(index))}
              >
                {source.name || `PDF ${index + 1}`}
                {!source.pdfUrl && <span className="pdf-menu__note"> (no PDF uploaded)</span>}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="pdf-menu__toggle" onClick={() => choose(onToggleVisible)}>
          {visible ? 'Hide the score' : 'Show the score'}
        </button>
      </div>
    </nav>
  );
}
