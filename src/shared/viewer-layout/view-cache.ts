import { copyDrawing } from './timeline-drawing';
import { sameView, type ViewLayout, type ViewRequest } from './view-layout';

/** A copy of a layout with arrays of its own: the one handed out is transferred away. */
function copyLayout(layout: ViewLayout): ViewLayout {
  return { ...layout, timelines: layout.timelines.map(copyDrawing) };
}

/**
 * The file session's one store of laid-out views: the views the page saw lately (a zoom step
 * back, a scroll back, a new selection) and those laid out ahead of it (the first view while the
 * page starts, the early screen's, the zoom steps next to the view on screen). Each keeps arrays
 * of its own; a view is handed out as a copy, which the worker may transfer away. The least
 * recently used goes when it is full.
 */
export class ViewCache {
  /** Least recently used first. */
  private entries: { request: ViewRequest; layout: ViewLayout }[] = [];

  constructor(private readonly capacity: number) {}

  has(request: ViewRequest): boolean {
    return this.entries.some((entry) => sameView(entry.request, request));
  }

  /** A copy of the view, if it is kept (it becomes the most recently used), else null. */
  take(request: ViewRequest): ViewLayout | null {
    const at = this.entries.findIndex((entry) => sameView(entry.request, request));
    if (at < 0) return null;
    const [entry] = this.entries.splice(at, 1);
    this.entries.push(entry!);
    return copyLayout(entry!.layout);
  }

  /** Keeps a copy of a view just laid out. */
  keep(request: ViewRequest, layout: ViewLayout): void {
    this.entries = this.entries.filter((entry) => !sameView(entry.request, request));
    this.entries.push({ request, layout: copyLayout(layout) });
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  /** Forgets every view (the file, its stack or its peaks changed). */
  clear(): void {
    this.entries = [];
  }
}
