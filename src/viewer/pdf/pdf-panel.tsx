import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PageWindows } from '../../shared/pdf-page-windows';
import type { PlaybackClock } from '../playback-clock';
import { PageFollower } from './page-follower';
import { steppedPageZoom } from './panel-geometry';
import { PDF_MESSAGES } from './pdf-constants';
import { openPdf, type PasswordReason } from './pdf-document';
import { PdfPageView, type PageState } from './pdf-page-view';
import { FIT, PageZoomButton, ZOOM_IN, ZOOM_OUT } from './page-zoom-button';

/** One PDF timeline of the file, as the panel offers it. */
export interface PdfSource {
  /** The timeline's index in the viewer's stack (the file worker's key for it). */
  timeline: number;
  name: string;
  /** '' when the PDF was not uploaded with the file. */
  pdfUrl: string;
}

type DocumentState =
  | { status: 'no-file' }
  | { status: 'loading' }
  | { status: 'password'; reason: PasswordReason }
  | { status: 'ready'; pageCount: number }
  | { status: 'failed' };

interface PdfPanelProps {
  source: PdfSource;
  clock: PlaybackClock;
  /** The page windows of a PDF timeline, worked out in the file worker. */
  loadPageWindows: (timeline: number) => Promise<PageWindows>;
  /** False while the panel is hidden: the page stops following playback. */
  active: boolean;
}

function pageMessage(state: PageState): string | null {
  switch (state) {
    case 'no-page':
      return PDF_MESSAGES.noPage;
    case 'loading':
      return PDF_MESSAGES.pageLoading;
    case 'failed':
      return PDF_MESSAGES.pageFailed;
    case 'shown':
      return null;
    default: {
      const unreachable: never = state;
      throw new Error(`unknown page state ${String(unreachable)}`);
    }
  }
}

/**
 * One score PDF that follows playback: its toolbar (zoom in, zoom out, fit), the page and SPEC.md's
 * messages. The page itself is drawn by PdfPageView outside React; React only hears about the
 * rare changes of document and page state.
 */
export function PdfPanel({ source, clock, loadPageWindows, active }: PdfPanelProps) {
  const [document, setDocument] = useState<DocumentState>(
    source.pdfUrl ? { status: 'loading' } : { status: 'no-file' },
  );
  const [pageState, setPageState] = useState<PageState>('loading');
  const [page, setPage] = useState<number | null>(null);
  const [zoom, setZoom] = useState(1);
  const [windows, setWindows] = useState<PageWindows | null>(null);
  const [password, setPassword] = useState('');
  const viewportRef = useRef<HTMLDivElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<PdfPageView | null>(null);
  const answerRef = useRef<((password: string) => void) | null>(null);
  const passwordId = useId();

  // The page view lives as long as the panel; it must exist before the document arrives.
  useEffect(() => {
    const viewport = viewportRef.current;
    const sheet = sheetRef.current;
    if (!viewport || !sheet) return;
    const view = new PdfPageView(viewport, sheet, (state, shownPage) => {
      setPageState(state);
      setPage(shownPage);
    });
    viewRef.current = view;
    return () => {
      viewRef.current = null;
      view.dispose();
    };
  }, []);

  useEffect(() => {
    if (!source.pdfUrl) return;
    setDocument({ status: 'loading' });
    const handle = openPdf(source.pdfUrl, {
      password: (reason, answer) => {
        answerRef.current = answer;
        setDocument({ status: 'password', reason });
      },
    });
    let current = true;
    handle.document.then(
      (loaded) => {
        if (!current) return;
        viewRef.current?.setDocument(loaded);
        setDocument({ status: 'ready', pageCount: loaded.numPages });
      },
      () => {
        if (current) setDocument({ status: 'failed' });
      },
    );
    return () => {
      current = false;
      answerRef.current = null;
      viewRef.current?.setDocument(null);
      handle.close();
    };
  }, [source.pdfUrl]);

  useEffect(() => {
    let current = true;
    loadPageWindows(source.timeline).then(
      (loaded) => current && setWindows(loaded),
      () => current && setWindows({ starts: new Float64Array(), pages: new Uint32Array() }),
    );
    return () => {
      current = false;
    };
  }, [loadPageWindows, source.timeline]);

  useEffect(() => {
    const view = viewRef.current;
    if (!active || !windows || !view) return;
    const follower = new PageFollower(windows, view);
    return clock.subscribe((time) => follower.update(time));
  }, [active, windows, clock]);

  useEffect(() => viewRef.current?.setZoom(zoom), [zoom]);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const answer = answerRef.current;
    if (!answer) return;
    answerRef.current = null;
    setDocument({ status: 'loading' });
    answer(password);
    setPassword('');
  };

  let documentMessage: string | null = null;
  if (document.status === 'no-file') documentMessage = PDF_MESSAGES.noFile;
  else if (document.status === 'loading') documentMessage = PDF_MESSAGES.loading;
  else if (document.status === 'failed') documentMessage = PDF_MESSAGES.loadFailed;
  const ready = document.status === 'ready';
  const message = ready ? pageMessage(pageState) : documentMessage;

  return (
    <section
      className="pdf-panel"
      aria-label={`Score: ${source.name || 'PDF'}`}
      data-testid="pdf-panel"
    >
      <div className="pdf-panel__toolbar" role="toolbar" aria-label="Score page">
        <PageZoomButton
          label="Zoom the page out"
          icon={ZOOM_OUT}
          disabled={!ready}
          onClick={() => setZoom((z) => steppedPageZoom(z, -1))}
        />
        <PageZoomButton
          label="Zoom the page in"
          icon={ZOOM_IN}
          disabled={!ready}
          onClick={() => setZoom((z) => steppedPageZoom(z, 1))}
        />
        <PageZoomButton
          label="Fit the page to the panel"
          icon={FIT}
          disabled={!ready}
          onClick={() => setZoom(1)}
        />
        <span className="pdf-panel__title" title={source.name}>
          {source.name || 'Score'}
        </span>
        {ready && (
          <span className="pdf-panel__page-number" data-testid="pdf-page-number">
            {page !== null && pageState === 'shown' ? `${page} / ${document.pageCount}` : ''}
          </span>
        )}
      </div>
      <div className="pdf-panel__viewport" ref={viewportRef} tabIndex={0} aria-label="Score page">
        <div
          className="pdf-panel__sheet"
          ref={sheetRef}
          data-testid="pdf-sheet"
          hidden={!ready}
          role="img"
          aria-label={page !== null ? `Page ${page}` : 'Score page'}
        />
        {message && (
          <p className="pdf-panel__message" role="status" data-testid="pdf-message">
            {message}
          </p>
        )}
        {document.status === 'password' && (
          <form className="pdf-panel__password" onSubmit={submitPassword}>
            <label htmlFor={passwordId} role="alert">
              {document.reason === 'incorrect'
                ? PDF_MESSAGES.wrongPassword
                : PDF_MESSAGES.needPassword}
            </label>
            <input
              id={passwordId}
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button type="submit" className="button button--primary">
              Open
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
