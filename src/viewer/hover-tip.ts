import type { ComponentRef } from '../shared/viewer-file-session';

/**
 * The tooltip that names the component under the mouse. At most one hit test per animation
 * frame, and a request for the component's text only when the component under the pointer
 * changes (the worker holds the components).
 */
export interface HoverSource {
  /** The component under a viewport point, from the layout on screen. */
  hit(clientX: number, clientY: number): ComponentRef | null;
  /** What the tooltip says for a component, or null when it has nothing to say. */
  describe(ref: ComponentRef): Promise<string | null>;
  /** The width the tooltip must stay within. */
  viewportWidth(): number;
}

interface Place {
  key: string;
  x: number;
  y: number;
}

export class HoverTip {
  private hovered: Place | null = null;
  private frame = 0;
  private pointer: { x: number; y: number } | null = null;
  private disposed = false;

  constructor(
    private readonly stage: HTMLElement,
    private readonly tip: HTMLElement,
    private readonly source: HoverSource,
  ) {
    stage.addEventListener('pointermove', this.onPointerMove);
    stage.addEventListener('pointerleave', this.onPointerLeave);
  }

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (event.pointerType !== 'mouse') return;
    this.pointer = { x: event.clientX, y: event.clientY };
    if (this.frame === 0) this.frame = requestAnimationFrame(this.update);
  };

  private readonly onPointerLeave = (): void => {
    this.pointer = null;
    this.hide();
  };

  private readonly update = (): void => {
    this.frame = 0;
    const at = this.pointer;
    if (!at || this.disposed) return;
    const ref = this.source.hit(at.x, at.y);
    if (!ref) {
      this.hide();
      return;
    }
    const box = this.stage.getBoundingClientRect();
    const place = { key: `${ref.timeline}:${ref.index}`, x: at.x - box.left, y: at.y - box.top };
    if (this.hovered?.key === place.key) {
      this.place(place);
      return;
    }
    this.hovered = place;
    void this.source.describe(ref).then((text) => {
      if (this.disposed || this.hovered?.key !== place.key) return;
      if (text) this.show(text);
      else this.hide();
    });
  };

  /**
   * The view moved under a still pointer (a zoom, a scroll, a page turn): the tip names what is
   * under the pointer now, or goes, rather than naming what was there before.
   */
  viewChanged(): void {
    if (this.tip.hidden && !this.hovered) return;
    this.hide();
    if (this.pointer && this.frame === 0 && !this.disposed) {
      this.frame = requestAnimationFrame(this.update);
    }
  }

  private show(text: string): void {
    this.tip.textContent = text;
    this.tip.hidden = false;
    if (this.hovered) this.place(this.hovered);
  }

  private hide(): void {
    this.hovered = null;
    this.tip.hidden = true;
  }

  private place(place: Place): void {
    this.hovered = place;
    const right = this.source.viewportWidth() - this.tip.offsetWidth - 4;
    const left = Math.max(0, Math.round(Math.min(place.x + 12, right)));
    this.tip.style.transform = `translate(${left}px, ${Math.round(place.y + 16)}px)`;
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.stage.removeEventListener('pointermove', this.onPointerMove);
    this.stage.removeEventListener('pointerleave', this.onPointerLeave);
  }
}
