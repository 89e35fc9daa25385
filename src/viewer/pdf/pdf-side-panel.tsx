import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { PageWindows } from '../../shared/pdf-page-windows';
import type { TimelineHeader } from '../../shared/viewer-layout/viewer-document';
import type { PlaybackClock } from '../playback-clock';
import { clampPanelWidth, defaultPanelWidth } from './panel-geometry';
import { DIVIDER_WIDTH, HOVER_MENU_COLLAPSED_WIDTH } from './pdf-constants';
import { PdfDivider } from './pdf-divider';
import { PdfHoverMenu } from './pdf-hover-menu';
import { PdfPanel, type PdfSource } from './pdf-panel';
import './pdf-panel.css';

/** The file's PDF timelines, in stack order; the panel shows when one of them has a PDF. */
export function pdfSources(timelines: readonly TimelineHeader[]): PdfSource[] {
  return timelines
    .filter((timeline) => timeline.kind === 'PDF')
    .map((timeline) => ({
      timeline: timeline.index,
      name: timeline.name,
      pdfUrl: timeline.pdfUrl ?? '',
    }));
}

export function hasPdf(sources: readonly PdfSource[]): boolean {
  return sources.some((source) => source.pdfUrl !== '');
}

interface PdfSidePanelProps {
  sources: PdfSource[];
  clock: PlaybackClock;
  loadPageWindows: (timeline: number) => Promise<PageWindows>;
}

/**
 * The viewer's right-hand column when the file has score PDFs: the divider, the hover menu and the
 * panel of the chosen PDF. Hidden, it shrinks to the menu's 50 px; the panel stays mounted, so
 * showing it again is instant, but it stops following playback meanwhile.
 */
export function PdfSidePanel({ sources, clock, loadPageWindows }: PdfSidePanelProps) {
  const rootRef = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(true);
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      sources.findIndex((s) => s.pdfUrl),
    ),
  );
  const [layoutWidth, setLayoutWidth] = useState(0);
  const [chosenWidth, setChosenWidth] = useState<number | null>(null);

  const layout = (): HTMLElement | null => {
    const root = rootRef.current;
    return root?.closest<HTMLElement>('.viewer-layout') ?? root?.parentElement ?? null;
  };

  useLayoutEffect(() => {
    const root = rootRef.current;
    const box = root?.closest<HTMLElement>('.viewer-layout') ?? root?.parentElement;
    if (!box) return;
    setLayoutWidth(box.clientWidth);
    const observer = new ResizeObserver(() => setLayoutWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const panelWidth = clampPanelWidth(chosenWidth ?? defaultPanelWidth(layoutWidth), layoutWidth);
  const width = visible ? panelWidth + DIVIDER_WIDTH : HOVER_MENU_COLLAPSED_WIDTH;

  // A PDF list that changes under the panel (another file) starts again from its first PDF.
  useEffect(() => {
    setSelected((index) => (index < sources.length ? index : 0));
  }, [sources]);

  const source = sources[selected];
  return (
    <aside
      ref={rootRef}
      className="pdf-side"
      data-visible={visible ? 'true' : 'false'}
      data-testid="pdf-side"
      // A custom property, so that the narrow-screen layout (panel below the timelines) can ignore it.
      style={{ '--pdf-side-width': `${width}px` } as CSSProperties}
      aria-label="Score"
    >
      {visible && (
        <PdfDivider
          panelWidth={panelWidth}
          layoutWidth={layoutWidth}
          layout={layout}
          onDrag={(next) => {
            rootRef.current?.style.setProperty('--pdf-side-width', `${next + DIVIDER_WIDTH}px`);
          }}
          onCommit={setChosenWidth}
        />
      )}
      <div className="pdf-side__body">
        <PdfHoverMenu
          sources={sources}
          selected={selected}
          visible={visible}
          onSelect={(index) => {
            setSelected(index);
            setVisible(true);
          }}
          onToggleVisible={() => setVisible((shown) => !shown)}
        />
        {source && (
          <div className="pdf-side__panel" hidden={!visible}>
            <PdfPanel
              key={`${source.timeline}:${source.pdfUrl}`}
              source={source}
              clock={clock}
              loadPageWindows={loadPageWindows}
              active={visible}
            />
          </div>
        )}
      </div>
    </aside>
  );
}
