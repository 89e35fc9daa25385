import type { ComponentJson, PdfMarkerComponentJson, ViewerFileJson } from '../api-types';
import { pageWindows, type PageWindows } from '../pdf-page-windows';
import { neighbourComponent, type NavigationKey } from './component-navigation';
import { TimelineHeightError } from './timeline-heights';
import { prepareFile, type PreparedFile, type ViewerHeader } from './viewer-document';
import { layoutView, type ViewLayout, type ViewRequest } from './view-layout';

export type OpenError = 'timeline-height' | 'invalid-file';

/** Errors cross the worker boundary as data with a stable code (STYLE.md). */
export type OpenResult =
  { ok: true; header: ViewerHeader } | { ok: false; error: OpenError; message: string };

export interface ComponentRef {
  timeline: number;
  index: number;
}

/**
 * The layout side of one open viewer: it parses the file JSON, prepares it once and answers view
 * requests. The layout worker exposes one; without workers the page runs one in process.
 */
export class LayoutSession {
  private file: PreparedFile | null = null;
  private json: ViewerFileJson | null = null;
  private byId: Map<number, ComponentRef> | null = null;

  /** Takes the raw bytes of `files/{id}/json`, so that parsing happens here, off the page. */
  open(bytes: ArrayBuffer | Uint8Array): OpenResult {
    let json: ViewerFileJson;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes)) as ViewerFileJson;
      if (!json || !Array.isArray(json.timelines) || !json.concrete_work) throw new Error('shape');
    } catch {
      return { ok: false, error: 'invalid-file', message: 'The file data could not be read.' };
    }
    try {
      this.file = prepareFile(json);
    } catch (error) {
      if (error instanceof TimelineHeightError) {
        return { ok: false, error: 'timeline-height', message: error.message };
      }
      return { ok: false, error: 'invalid-file', message: 'The file data could not be read.' };
    }
    this.json = json;
    this.byId = null;
    return { ok: true, header: this.file.header };
  }

  layout(request: ViewRequest): ViewLayout {
    return layoutView(this.requireFile(), request);
  }

  component(ref: ComponentRef): ComponentJson | null {
    return this.requireFile().timelines[ref.timeline]?.components[ref.index] ?? null;
  }

  neighbour(ref: ComponentRef, key: NavigationKey): ComponentRef | null {
    const timeline = this.requireFile().timelines[ref.timeline];
    if (!timeline) return null;
    const index = neighbourComponent(timeline, ref.index, key);
    return index === null ? null : { timeline: ref.timeline, index };
  }

  /** A component by its id in the file JSON (for share links); null when no drawn one has it. */
  findComponent(id: number): ComponentRef | null {
    if (!this.byId) {
      this.byId = new Map();
      for (const timeline of this.requireFile().timelines) {
        timeline.components.forEach((c, index) =>
          this.byId?.set(c.id, { timeline: timeline.index, index }),
        );
      }
    }
    return this.byId.get(id) ?? null;
  }

  /** The page time windows of a PDF timeline (the PDF panel looks pages up in them per frame). */
  pdfPageWindows(timeline: number): PageWindows {
    const prepared = this.requireFile().timelines[timeline];
    const markers =
      prepared?.kind === 'PDF' ? (prepared.components as PdfMarkerComponentJson[]) : [];
    return pageWindows(markers);
  }

  /**
   * The file JSON in parts, as text, for the page's table view, 'now playing' strip and export:
   * `null` gives the file with every timeline's components left out, a number one timeline's
   * components (in the JSON's order). The page parses one part per task, so neither a second
   * download nor one long parse of the whole file lands on its main thread.
   */
  documentPart(part: number | null): string {
    const json = this.json;
    if (!json) throw new Error('No file is open in this layout session.');
    if (part === null) {
      return JSON.stringify({
        ...json,
        timelines: json.timelines.map((timeline) => ({ ...timeline, components: [] })),
      });
    }
    return JSON.stringify(json.timelines[part]?.components ?? []);
  }

  close(): void {
    this.json = null;
    this.file = null;
    this.byId = null;
  }

  private requireFile(): PreparedFile {
    if (!this.file) throw new Error('No file is open in this layout session.');
    return this.file;
  }
}

/**
 * The layout worker's API (workers/layout.worker.ts exposes exactly this over comlink). It lives
 * here so the page can name it without compiling the worker.
 */
export interface LayoutWorkerApi {
  open(bytes: ArrayBuffer): OpenResult;
  layout(request: ViewRequest): ViewLayout;
  component(ref: ComponentRef): ComponentJson | null;
  neighbour(ref: ComponentRef, key: NavigationKey): ComponentRef | null;
  findComponent(id: number): ComponentRef | null;
  pdfPageWindows(timeline: number): PageWindows;
  documentPart(part: number | null): string;
  close(): void;
}
