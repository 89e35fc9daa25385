/**
 * The viewer as the pages see it: loading a file's data and opening local files. The screen
 * itself (`./viewer-screen`) is imported lazily by the pages, so that the rest of the site does
 * not download the stage and its drawing code; everything else under src/viewer is the viewer's
 * own.
 */
export { useViewerLoad } from './use-viewer-load';
export { warnAboutOmissions } from './header-warnings';
export { createViewerFileClient, type ViewerFileClient } from './viewer-file-client';
export { chooseLocalFiles, openLocalFile } from './local/local-file';
export { viewerHeading } from './viewer-page-text';
