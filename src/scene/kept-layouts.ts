import type { ViewLayout } from '../shared/viewer-layout/view-layout';

/**
 * The layouts a worker last sent to the page, by the `drawId` it gave them, so the page can ask
 * for one to be drawn without sending its shapes back. Holds the view on screen, a first view
 * laid out ahead and the zoom steps prefetched around it; older ones go first.
 */
export class KeptLayouts {
  private readonly layouts = new Map<number, ViewLayout>();
  private lastId = 0;

  constructor(private readonly capacity: number) {}

  /** Keeps `layout` and returns its id; the oldest goes when there are more than `capacity`. */
  keep(layout: ViewLayout): number {
    this.lastId += 1;
    this.layouts.set(this.lastId, layout);
    for (const id of this.layouts.keys()) {
      if (this.layouts.size <= this.capacity) break;
      this.layouts.delete(id);
    }
    return this.lastId;
  }

  get(drawId: number): ViewLayout | undefined {
    return this.layouts.get(drawId);
  }

  /** The layout kept last (the first view, when nothing else has been asked for yet). */
  latest(): ViewLayout | undefined {
    return this.layouts.get(this.lastId);
  }
}
