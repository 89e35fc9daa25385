// The page's entry. The viewer's head start (src/viewer/viewer-preload.ts) is a static import so it
// runs as soon as this small chunk arrives; the app bundle is a dynamic import so that it does not
// hold the viewer's fetch and worker back while it downloads, parses and starts. The stylesheets
// that place the viewer's timelines come with this chunk: the early screen's outline
// (src/viewer/early-shell.ts) is laid out by them, as the app's page is.
import './styles/base.css';
import './styles/nav-bar.css';
import './styles/pages.css';
import './viewer/viewer.css';
import './viewer/timeline-tools/timeline-tools.css';
import './viewer/pdf/pdf-panel.css';
import { earlyScreenSettled } from './viewer/viewer-preload';

/** The longest the app waits for the early screen's first frame. */
const EARLY_SCREEN_WAIT_MS = 1500;

void earlyScreenSettled(EARLY_SCREEN_WAIT_MS).then(() => import('./main'));
