import type { Canvas2D, PaintPixels, TextMeasure } from './paint-view';
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

  /** `read`: called when the canvas's pixels are read (what was drawn is rasterised then). */
  constructor(private readonly read: () => void = () => undefined) {}
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
  drawImage(image: object, x: number, y: number, ...rest: number[]): void {
    const args = rest.length > 0 ? [x, y, ...rest] : [x, y];
    if (image instanceof FakeBitmap) {
      this.drawn.push({ op: 'drawImage', style: '', args: [image.picture.id, ...args] });
      return;
    }
    const canvas = image as FakeScratch;
    if (canvas.width === 0) throw new Error('drawImage of a released canvas');
    this.drawn.push({ op: 'drawImage', style: '', args: [canvas.latest()?.id ?? 0, ...args] });
  }
  createImageData(width: number, height: number): PaintPixels {
    return { width, height, data: new Uint8ClampedArray(width * height * 4) };
  }
  /** The pixels put last. */
  put: PaintPixels | null = null;
  putImageData(image: PaintPixels): void {
    this.put = image;
  }
  getImageData(): null {
    this.read();
    return null;
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

let pictures = 0;

/** What had been drawn on a FakeScratch when its pixels were read: the picture it holds. */
export interface FakePicture {
  id: number;
  drawn: Drawn[];
}

/** A canvas off screen that keeps what was drawn on it, read by read, as pictures. */
export class FakeScratch implements ScratchCanvas {
  readonly context = new FakeCanvas2D(() => {
    this.pictures.push({ id: ++pictures, drawn: this.context.drawn.splice(0) });
  });
  readonly pictures: FakePicture[] = [];
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext(): FakeCanvas2D {
    return this.context;
  }
  /** The picture painted last: what drawing the canvas as an image shows. */
  latest(): FakePicture | undefined {
    return this.pictures.at(-1);
  }
  /** What was drawn since the last read, as a picture of its own, and the canvas cleared. */
  transferToImageBitmap(): FakeBitmap {
    return new FakeBitmap({ id: ++pictures, drawn: this.context.drawn.splice(0) });
  }
}

/** A picture taken of a FakeScratch with transferToImageBitmap. */
export class FakeBitmap {
  constructor(readonly picture: FakePicture) {}
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
