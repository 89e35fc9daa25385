import { useParams } from 'wouter';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { useViewerLoad, viewerHeading } from '../viewer';
import { useViewerScreen } from './viewer-screen-chunk';
import '../viewer/viewer.css';

/**
 * /embed/{id}: the viewer without the site's header, footer or inspector (`?inspector=1` asks for
 * it), for other sites' iframes. The server lets only these paths be framed by other origins.
 */
export function EmbedPage() {
  const { fileId } = useParams<{ fileId?: string }>();
  const load = useViewerLoad(fileId);
  const heading = load.status === 'ready' ? viewerHeading(load.header) : null;
  usePageTitle(heading ? withProductName(heading) : withProductName('Viewer'));
  const showInspector = new URLSearchParams(window.location.search).get('inspector') === '1';
  const Screen = useViewerScreen();

  const full = fileId ? `/viewer/${encodeURIComponent(fileId)}${window.location.search}` : '/';
  return (
    <div className="viewer-page embed-page">
      {load.status === 'error' && <p role="alert">{load.message}</p>}
      {load.status === 'loading' && <p role="status">Loading the file…</p>}
      {load.status === 'ready' && Screen && (
        <>
          <h1 className="embed-page__title">
            <a href={full} target="_blank" rel="noopener noreferrer">
              {heading}
            </a>{' '}
            <span className="embed-page__brand">TiLiA</span>
          </h1>
          <Screen.component
            header={load.header}
            client={load.client}
            mediaBaseUrl={load.mediaBaseUrl}
            mode="embed"
            showInspector={showInspector}
          />
        </>
      )}
    </div>
  );
}
