import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { dividerLeftFor, panelWidthForDivider } from './panel-geometry';
import {
  DIVIDER_KEY_STEP,
  DIVIDER_MIN_LEFT,
  PANEL_MIN_WIDTH,
  DIVIDER_WIDTH,
} from './pdf-constants';

interface PdfDividerProps {
  panelWidth: number;
  layoutWidth: number;
  /** The viewer's box: the divider's limits are measured from its left edge. */
  layout: () => HTMLElement | null;
  /** Every pointer move: applies the width without React (style only). */
  onDrag: (width: number) => void;
  /** The drag (or key press) is over: the width becomes state. */
  onCommit: (width: number) => void;
}

/**
 * The draggable divider between the timelines and the score panel, also a focusable separator
 * that arrow keys move (Shift for bigger steps, Home and End for the limits).
 */
export function PdfDivider({ panelWidth, layoutWidth, layout, onDrag, onCommit }: PdfDividerProps) {
  const drag = useRef<{ grab: number; width: number } | null>(null);

  const widthAt = (clientX: number): number => {
    const box = layout()?.getBoundingClientRect();
    const width = box?.width ?? layoutWidth;
    return panelWidthForDivider(clientX - (box?.left ?? 0) - (drag.current?.grab ?? 0), width);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const own = event.currentTarget.getBoundingClientRect();
    drag.current = { grab: event.clientX - own.left, width: panelWidth };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const width = widthAt(event.clientX);
    if (width === drag.current.width) return;
    drag.current.width = width;
    onDrag(width);
  };

  const endDrag = () => {
    const current = drag.current;
    if (!current) return;
    drag.current = null;
    onCommit(current.width);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? DIVIDER_KEY_STEP * 5 : DIVIDER_KEY_STEP;
    const left = dividerLeftFor(panelWidth, layoutWidth);
    const moves: Record<string, number> = {
      ArrowLeft: left - step,
      ArrowRight: left + step,
      Home: DIVIDER_MIN_LEFT,
      End: layoutWidth,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const width = panelWidthForDivider(target, layoutWidth);
    onDrag(width);
    onCommit(width);
  };

  const maxLeft = Math.max(DIVIDER_MIN_LEFT, layoutWidth - PANEL_MIN_WIDTH - DIVIDER_WIDTH);
  return (
    <div
      className="pdf-divider"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the score panel"
      aria-valuemin={DIVIDER_MIN_LEFT}
      aria-valuemax={maxLeft}
      aria-valuenow={Math.round(dividerLeftFor(panelWidth, layoutWidth))}
      tabIndex={0}
      data-testid="pdf-divider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onKeyDown={onKeyDown}
    />
  );
}
