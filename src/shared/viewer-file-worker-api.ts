import type { ViewsPort } from './stage-paint/stage-painter';
import type { OpenResult, ViewerFileApi } from './viewer-file-session';

/** The file worker's API: the session's, fetching the file, and the stage painter's views. */
export type ViewerFileWorkerApi = ViewerFileApi & {
  /** Fetches the file and opens it; null when the fetch did not bring it (any status but 2xx). */
  fetchAndOpen(request: {
    url: string;
    headers: Record<string, string>;
    timeoutMs: number;
  }): Promise<OpenResult | null>;
  /**
   * Sends every view laid out for the page on `port` as well, to the stage painter
   * (src/shared/stage-paint/stage-painter.ts), each under the key its layout carries.
   */
  attachStage(port: ViewsPort): void;
};
