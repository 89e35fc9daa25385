import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';

export type DisclosureMenuItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'action'; label: string; onSelect: () => void };

interface DisclosureMenuProps {
  label: ReactNode;
  items: readonly DisclosureMenuItem[];
  /** Extra class for the wrapper, e.g. to align the panel to the right edge. */
  className?: string;
}

/**
 * A button that shows a short list of links (WAI-ARIA disclosure pattern, not role="menu":
 * the items are ordinary links reached with Tab). Closes on Escape, on a click outside and
 * once an item is chosen.
 */
export function DisclosureMenu({ label, items, className }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Moving keyboard focus out of the menu closes it too, so it never hides other content.
    const closeOnFocusOutside = (event: FocusEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('focusin', closeOnFocusOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('focusin', closeOnFocusOutside);
    };
  }, [open]);

  return (
    <div ref={wrapperRef} className={className ? `disclosure ${className}` : 'disclosure'}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-link disclosure__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <svg
          className="disclosure__chevron"
          width="10"
          height="10"
          viewBox="0 0 10 10"
          aria-hidden="true"
        >
          <path d="M1.5 3.5 5 7l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul id={panelId} className="disclosure__panel" hidden={!open}>
        {items.map((item) => (
          <li key={item.label}>
            {item.kind === 'link' ? (
              <Link className="disclosure__item" to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            ) : (
              <button
                type="button"
                className="disclosure__item"
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
