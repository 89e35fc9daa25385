// The page's entry. The viewer's head start (src/viewer/viewer-preload.ts) is a static import so it
// runs as soon as this small chunk arrives; the app bundle is a dynamic import so that it does not
// hold the viewer's fetch and worker back while it downloads, parses and starts.
import './viewer/viewer-preload';

void import('./main');
