import type { ComponentJson } from '../shared/api-types';
import type { SelectionBox } from '../shared/stage-paint/paint-view';
import type { ComponentRef } from '../shared/viewer-file-session';
import { componentTime, type ComponentContext } from '../shared/viewer-layout/component-context';
import type { NavigationKey } from '../shared/viewer-layout/component-navigation';
import { hitComponent } from '../shared/viewer-layout/hit-test';
import { timeToX, xToTime } from '../shared/viewer-layout/time-scale';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import { hoverText } from './component-inspector';
import { HoverTip } from './hover-tip';
import type { MediaSpan, SeekRequest } from './playback-rules';
import { attachSeekDrag, type SeekDrag } from './seek-drag';
import { attachTouchPinch } from './touch-pinch';
import { attachWheelZoom } from './wheel-zoom';
import type { ViewerFileClient } from './viewer-file-client';
import type { ViewerStage } from './viewer-stage';

export interface Selection {
  ref: ComponentRef;
  component: ComponentJson;
  /** Its bar and beat, a chord's key in force (the inspector's). */
  context: ComponentContext | null;
}

export { componentTime };

/** The end of a segment (hierarchy unit, note, audiowave bar); null for points. */
const sameRef = (a: ComponentRef, b: ComponentRef) =>
  a.timeline === b.timeline && a.index === b.index;

function componentEnd(component: ComponentJson): number | null {
  return 'end' in component && typeof component.end === 'number' ? component.end : null;
}

export interface InputElements {
  /** The stage: clicks, hover and (on a slider timeline) seeking drags. */
  stage: HTMLElement;
  /** The time ruler: pressing or dragging on it seeks. */
  ruler: HTMLElement;
  /** The tooltip that names the component under the pointer. */
  hover: HTMLElement;
}

/** What the input moves: playback and the view. */
export interface InputActions {
  seek(request: SeekRequest): void;
  play(): void;
  /** Brings a time into view. */
  follow(time: number): void;
  /** Zooms by `factor` around viewport x `anchorX`. */
  zoomAt(factor: number, anchorX: number): void;
  selection(selection: Selection | null): void;
  viewportWidth(): number;
  /** A passage dragged over on the ruler with Shift (A-B); `done` when the button is up. */
  loopSpan(from: number, to: number, done: boolean): void;
}

/**
 * The pointer's side of the viewer: hit tests on what the stage painted (its labels first, then
 * the components' hit areas), clicks and arrow keys that select, seeking drags on the ruler and
 * on slider timelines, the hover tip, and the selection itself.
 */
export class ViewerInput {
  private selected: Selection | null = null;
  /** The last Up: where it came from, so that Down goes back there rather than to the start. */
  private climbed: { from: ComponentRef; to: ComponentRef } | null = null;
  private disposed = false;
  private readonly seekDrags: SeekDrag[];
  private readonly hover: HoverTip;
  private readonly detachZoomGestures: () => void;

  constructor(
    private readonly header: ViewerHeader,
    private readonly client: ViewerFileClient,
    private readonly stage: ViewerStage,
    elements: InputElements,
    private readonly actions: InputActions,
  ) {
    const seek = (time: number) => actions.seek({ time, ifPlaying: true });
    const timeAt = (clientX: number) => this.timeAt(clientX);
    this.seekDrags = [
      attachSeekDrag(elements.ruler, {
        accepts: () => true,
        timeAt,
        seek,
        markSpan: (from, to, done) => actions.loopSpan(from, to, done),
      }),
      attachSeekDrag(elements.stage, {
        accepts: (event) => this.isOnSlider(event.clientY),
        timeAt,
        seek,
      }),
    ];
    const zoomAt = (factor: number, clientX: number) =>
      actions.zoomAt(factor, clientX - this.stage.canvasBox().left);
    const detach = [
      attachWheelZoom(elements.stage, zoomAt),
      attachTouchPinch(elements.stage, zoomAt),
    ];
    this.detachZoomGestures = () => detach.forEach((stop) => stop());
    this.hover = new HoverTip(elements.stage, elements.hover, {
      hit: (x, y) => this.hit(x, y),
      describe: async (ref) => {
        const kind = header.timelines[ref.timeline]?.kind;
        const component = await client.api.component(ref);
        return kind && component ? hoverText(kind, component) : null;
      },
      viewportWidth: actions.viewportWidth,
    });
  }

  /** The stage shows another view: what is under a resting pointer may have changed. */
  viewChanged(): void {
    this.hover.viewChanged();
  }

  async select(ref: ComponentRef | null): Promise<Selection | null> {
    if (!ref) {
      this.setSelection(null);
      return null;
    }
    const [component, context] = await Promise.all([
      this.client.api.component(ref),
      this.client.api.componentContext(ref),
    ]);
    if (this.disposed) return null;
    this.setSelection(component ? { ref, component, context } : null);
    return this.selected;
  }

  /** A click in the timelines: select what is under the pointer (or deselect) and seek. */
  async click(clientX: number, clientY: number, double: boolean): Promise<void> {
    const ref = this.hit(clientX, clientY);
    this.climbed = null;
    const selection = await this.select(ref);
    if (!selection) return;
    this.actions.seek({ time: componentTime(selection.component), ifPlaying: double });
    if (double) this.actions.play();
  }

  /**
   * Arrow keys: select a neighbour of the selection; keyboard selection never moves playback.
   * Up and Down keep to the moment: Down after Up goes back to where Up left (the chord under
   * its key, the section under its parent), and a component that spans what is on screen (a key
   * in force, a section around it) is outlined there, the view staying where it is.
   */
  async navigate(key: NavigationKey): Promise<void> {
    if (!this.selected) return;
    const from = this.selected.ref;
    const climbed = this.climbed;
    const back = key === 'down' && climbed && sameRef(climbed.to, from) ? climbed.from : null;
    const next = back ?? (await this.client.api.neighbour(from, key));
    if (!next) return;
    const selection = await this.select(next);
    if (!selection) return;
    this.climbed = key === 'up' ? { from, to: next } : null;
    const span = await this.selectionSpan(this.header.end);
    const scale = this.stage.layout?.scale;
    const shown = scale && [xToTime(scale, 0), xToTime(scale, this.actions.viewportWidth())];
    if (span && shown && span.start < shown[1]! && span.end > shown[0]!) return;
    this.actions.follow(componentTime(selection.component));
  }

  /** The media time under viewport x, as the view on screen shows it. */
  private timeAt(clientX: number): number | null {
    const layout = this.stage.layout;
    if (!layout) return null;
    return xToTime(layout.scale, clientX - this.stage.canvasBox().left);
  }

  /** Whether viewport y is on a slider timeline, whose knob and line seek like the ruler. */
  private isOnSlider(clientY: number): boolean {
    const y = clientY - this.stage.canvasBox().top;
    const rows = this.stage.layout?.rows ?? [];
    return this.header.timelines.some((timeline) => {
      const row = rows[timeline.index];
      return timeline.kind === 'SLIDER' && !!row && y >= row.y && y <= row.y + row.height;
    });
  }

  /** The component under a viewport point: a painted label first, it lies over the hit areas. */
  private hit(clientX: number, clientY: number): ComponentRef | null {
    const layout = this.stage.layout;
    if (!layout) return null;
    const box = this.stage.canvasBox();
    const x = clientX - box.left;
    const y = clientY - box.top;
    const label = this.stage.labelAt(x, y);
    if (label) return label;
    for (const header of this.header.timelines) {
      const row = layout.rows[header.index];
      if (!row || y < row.y || y > row.y + row.height) continue;
      const drawing = layout.timelines[header.index];
      const index = drawing ? hitComponent(drawing, x, y - row.y) : null;
      return index === null ? null : { timeline: header.index, index };
    }
    return null;
  }

  /**
   * The span the selection covers: a segment's own, a point's up to the next component of its
   * timeline (or to `end` after the last); null without a selection.
   */
  async selectionSpan(end: number): Promise<MediaSpan | null> {
    const selected = this.selected;
    if (!selected) return null;
    const start = componentTime(selected.component);
    const own = componentEnd(selected.component);
    if (own !== null && own > start) return { start, end: own };
    const next = await this.client.api.neighbour(selected.ref, 'right');
    const after = next ? await this.client.api.component(next) : null;
    const until = after ? componentTime(after) : end;
    return { start, end: until > start ? until : end };
  }

  private setSelection(selection: Selection | null): void {
    this.selected = selection;
    this.actions.selection(selection);
    this.stage.repaintSelection();
  }

  /** The selection's outline in a layout: its hit area, or its time span where it was merged. */
  selectionBox(layout: ViewLayout): SelectionBox | null {
    const selected = this.selected;
    if (!selected) return null;
    const { ref, component } = selected;
    const drawing = layout.timelines[ref.timeline];
    const row = layout.rows[ref.timeline];
    if (!drawing || !row) return null;
    for (let n = 0; n < drawing.hitIndices.length; n++) {
      if (drawing.hitIndices[n] !== ref.index) continue;
      const [x0, y0, x1, y1] = Array.from(drawing.hits.subarray(n * 4, n * 4 + 4));
      return { timeline: ref.timeline, x0: x0 ?? 0, y0: y0 ?? 0, x1: x1 ?? 0, y1: y1 ?? 0 };
    }
    // Merged into a neighbour at this zoom: outline its time span instead.
    const x0 = timeToX(layout.scale, componentTime(component));
    const end = componentEnd(component);
    const x1 = end === null ? x0 + 1 : timeToX(layout.scale, end);
    return { timeline: ref.timeline, x0: x0 - 2, x1: x1 + 2, y0: 0, y1: row.height };
  }

  dispose(): void {
    this.disposed = true;
    for (const drag of this.seekDrags) drag.dispose();
    this.detachZoomGestures();
    this.hover.dispose();
  }
}
