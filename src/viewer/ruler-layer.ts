import type { RulerTick } from '../shared/viewer-layout/time-ruler';

/**
 * Draws the time ruler's ticks as elements, pooled like the label layer's: a redraw (a view
 * change, never a frame of playback) moves the ticks it needs and hides the rest.
 */
export class RulerLayer {
  private readonly ticks: HTMLElement[] = [];

  constructor(private readonly element: HTMLElement) {}

  draw(ticks: readonly RulerTick[]): void {
    ticks.forEach((tick, n) => {
      let mark = this.ticks[n];
      if (!mark) {
        mark = document.createElement('span');
        mark.className = 'viewer-ruler__tick';
        this.element.append(mark);
        this.ticks.push(mark);
      }
      mark.style.transform = `translate3d(${Math.round(tick.x)}px, 0, 0)`;
      mark.hidden = false;
      mark.classList.toggle('viewer-ruler__tick--end', tick.end);
      if (mark.textContent !== tick.label) mark.textContent = tick.label;
    });
    for (let n = ticks.length; n < this.ticks.length; n++) this.ticks[n]!.hidden = true;
  }

  destroy(): void {
    for (const mark of this.ticks) mark.remove();
    this.ticks.length = 0;
  }
}
