import type { Canvas2D, TextMeasure } from './paint-view';

export interface Drawn {
  op: 'fillRect' | 'fillText' | 'fill' | 'stroke' | 'clearRect';
  style: string;
  args: (number | string)[];
}

/**
 * A 2D context that records what is drawn; text is 10 px a character in any font, whose ascent
 * is 0.9, descent 0.2 and x-height 0.5 of its size.
 */
export class FakeCanvas2D implements Canvas2D {
  fillStyle: string | object = '#000000';
  strokeStyle: string | object = '#000000';
  lineWidth = 1;
  globalAlpha = 1;
  font = '10px sans-serif';
  textBaseline = 'alphabetic';
  readonly drawn: Drawn[] = [];
  private path: number[][] = [];
  private saved: { fillStyle: string | object; globalAlpha: number }[] = [];

  setTransform(): void {}
  fillRect(x: number, y: number, width: number, height: number): void {
    this.drawn.push({ op: 'fillRect', style: String(this.fillStyle), args: [x, y, width, height] });
  }
  clearRect(x: number, y: number, width: number, height: number): void {
    this.drawn.push({ op: 'clearRect', style: '', args: [x, y, width, height] });
  }
  beginPath(): void {
    this.path = [];
  }
  moveTo(x: number, y: number): void {
    this.path.push([x, y]);
  }
  lineTo(x: number, y: number): void {
    this.path.push([x, y]);
  }
  closePath(): void {}
  rect(): void {}
  clip(): void {}
  fill(): void {
    this.drawn.push({ op: 'fill', style: String(this.fillStyle), args: this.path.flat() });
  }
  stroke(): void {
    this.drawn.push({ op: 'stroke', style: String(this.strokeStyle), args: this.path.flat() });
  }
  fillText(text: string, x: number, y: number): void {
    this.drawn.push({ op: 'fillText', style: String(this.fillStyle), args: [text, x, y] });
  }
  measureText(text: string): TextMeasure {
    const size = Number.parseFloat(this.font);
    return {
      width: text.length * 10,
      fontBoundingBoxAscent: size * 0.9,
      fontBoundingBoxDescent: size * 0.2,
      actualBoundingBoxAscent: size * 0.5,
    };
  }
  save(): void {
    this.saved.push({ fillStyle: this.fillStyle, globalAlpha: this.globalAlpha });
  }
  restore(): void {
    const state = this.saved.pop();
    if (state) Object.assign(this, state);
  }

  texts(): string[] {
    return this.drawn.filter((d) => d.op === 'fillText').map((d) => String(d.args[0]));
  }
}

/** Text 10 px a character, as FakeCanvas2D measures it. */
export const tenPixelsAChar = (text: string) => text.length * 10;
