import {
  extensions,
  GlParticleContainerPipe,
  Particle,
  ParticleContainer,
  Texture,
  type ColorSource,
} from 'pixi.js';

// pixi's browser bundle leaves the particle pipe out; the viewer draws its shapes with it.
extensions.add(GlParticleContainerPipe);

/**
 * Many copies of one small texture (a white texel for rectangles, a marker triangle, a PDF page
 * icon) in one particle container: one draw call, and a redraw only rewrites a vertex buffer.
 * Building the same shapes as Graphics paths made pixi tessellate every one of them again on
 * each zoom step, the largest cost of a redraw.
 */
export class ParticleBatch {
  readonly container: ParticleContainer;
  /** Reused between redraws; only the first `used` are in the container. */
  private readonly pool: Particle[] = [];
  private used = 0;

  constructor(private readonly texture: Texture) {
    this.container = new ParticleContainer({
      texture,
      dynamicProperties: { position: true, vertex: true, color: true, rotation: false, uvs: false },
    });
  }

  begin(): void {
    this.used = 0;
  }

  /** One copy at (x, y), scaled, tinted (white keeps the texture's colours) and faded. */
  add(x: number, y: number, scaleX: number, scaleY: number, tint: ColorSource, alpha = 1): void {
    let particle = this.pool[this.used];
    if (!particle) {
      particle = new Particle({ texture: this.texture });
      this.pool.push(particle);
    }
    particle.x = x;
    particle.y = y;
    particle.scaleX = scaleX;
    particle.scaleY = scaleY;
    particle.tint = tint;
    particle.alpha = alpha;
    this.used++;
  }

  end(): void {
    const children = this.container.particleChildren;
    children.length = this.used;
    for (let n = 0; n < this.used; n++) children[n] = this.pool[n] as Particle;
    this.container.update();
  }
}

/**
 * Rectangles as a scaled white texel: x, y, w, h per rectangle, one 0xRRGGBB colour each, moved
 * down by `top` (the timeline's place on the stage).
 */
export function addRects(
  batch: ParticleBatch,
  rects: ArrayLike<number>,
  colors: ArrayLike<number>,
  top = 0,
): void {
  for (let n = 0; n < colors.length; n++) {
    batch.add(
      rects[n * 4] ?? 0,
      (rects[n * 4 + 1] ?? 0) + top,
      rects[n * 4 + 2] ?? 0,
      rects[n * 4 + 3] ?? 0,
      colors[n] ?? 0,
    );
  }
}
