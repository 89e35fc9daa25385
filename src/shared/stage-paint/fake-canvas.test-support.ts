import type { Canvas2D, PaintBitmap, TextMeasure } from './paint-view';
import type { ScratchCanvas } from './painted-ahead';
import type { StagedView } from './stage-painter';

export interface Drawn {
  op: 'fillRect' | 'fillText' | 'fill' | 'stroke' | 'clearRect' | 'drawImage';
  style: string;
  args: (number | string)[];
  /** A filled or stroked path's subpaths, each as its points' coordinates. */
  paths?: number[][];
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
    if (this.path.length === 0) this.path.push([]);
    this.path[this.path.length - 1]!.push(x, y);
  }
  closePath(): void {}
  rect(x: number, y: number, width: number, height: number): void {
    this.path.push([x, y, x + width, y, x + width, y + height, x, y + height]);
  }
  clip(): void {}
  fill(): void {
    const paths = this.path.map((points) => [...points]);
    this.drawn.push({ op: 'fill', style: String(this.fillStyle), args: paths.flat(), paths });
  }
  stroke(): void {
    const paths = this.path.map((points) => [...points]);
    this.drawn.push({ op: 'stroke', style: String(this.strokeStyle), args: paths.flat(), paths });
  }
  drawImage(image: PaintBitmap, x: number, y: number): void {
    const picture = image as FakeBitmap;
    if (picture.closed) throw new Error('drawImage of a closed bitmap');
    this.drawn.push({ op: 'drawImage', style: '', args: [picture.id, x, y] });
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

let bitmaps = 0;

/** A picture taken of a FakeScratch: what had been drawn on it. */
export class FakeBitmap implements PaintBitmap {
  readonly id = ++bitmaps;
  closed = false;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly drawn: Drawn[],
  ) {}
  close(): void {
    this.closed = true;
  }
}

/** A canvas off screen whose bitmaps carry what was drawn on it since the last one. */
export class FakeScratch implements ScratchCanvas {
  readonly context = new FakeCanvas2D();
  readonly bitmaps: FakeBitmap[] = [];
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext(): FakeCanvas2D {
    return this.context;
  }
  transferToImageBitmap(): FakeBitmap {
    const bitmap = new FakeBitmap(this.width, this.height, this.context.drawn.splice(0));
    this.bitmaps.push(bitmap);
    return bitmap;
  }
}

/**
 * A view of one timeline with one rectangle of `color` at x 10, laid out ahead or not, with a
 * label `view <key>` at (60, 2) if asked.
 */
export function oneRectView(
  key: number,
  color: number,
  { ahead, labelled = false }: { ahead?: boolean; labelled?: boolean } = {},
): StagedView {
  return {
    key,
    ...(ahead === undefined ? {} : { ahead }),
    rows: [{ y: 0, height: 40 }],
    timelines: [
      {
        index: 0,
        rects: new Float32Array([10, 5, 30, 20]),
        rectColors: new Uint32Array([color]),
        glyphs: new Float32Array(),
        glyphKinds: new Uint8Array(),
        glyphColors: new Uint32Array(),
        ...(labelled ? { labels: [{ x: 60, y: 2, text: `view ${key}`, size: 12 }] } : {}),
      },
    ],
  };
}
