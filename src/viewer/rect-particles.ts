import {
  Color,
  extensions,
  GlParticleContainerPipe,
  GlProgram,
  Matrix,
  Particle,
  ParticleContainer,
  Shader,
  Texture,
  TextureStyle,
} from 'pixi.js';

// pixi's browser bundle leaves the particle pipe out; the viewer draws its shapes with it.
extensions.add(GlParticleContainerPipe);

/**
 * pixi's particle shader with the texture read taken out: a rectangle is its tint, which is what
 * the white texel times the tint gave. With no GPU (software WebGL) a frame's cost is its
 * fragments, and the texture read was a sixth of it (the rasterizer's time for ten zoom frames
 * of the reference file: 270 against 330 ms). The same attributes and uniforms as pixi's, so
 * the particle pipe feeds it unchanged; rotation is never set, so it is left out.
 */
const SOLID_VERTEX = `attribute vec2 aVertex;
attribute vec2 aUV;
attribute vec4 aColor;
attribute vec2 aPosition;
attribute float aRotation;

uniform mat3 uTranslationMatrix;
uniform float uRound;
uniform vec2 uResolution;
uniform vec4 uColor;

varying vec4 vColor;

void main(void) {
    gl_Position = vec4((uTranslationMatrix * vec3(aVertex + aPosition, 1.0)).xy, 0.0, 1.0);
    if (uRound == 1.0) {
        gl_Position.xy = (floor((gl_Position.xy * 0.5 + 0.5) * uResolution + 0.5) / uResolution) * 2.0 - 1.0;
    }
    vColor = vec4(aColor.rgb * aColor.a, aColor.a) * uColor;
}`;

const SOLID_FRAGMENT = `varying vec4 vColor;

void main(void) {
    gl_FragColor = vColor;
}`;

/** A shader for a batch of solid rectangles; the pipe sets its uniforms and texture each frame. */
export function solidRectShader(): Shader {
  return new Shader({
    glProgram: GlProgram.from({ vertex: SOLID_VERTEX, fragment: SOLID_FRAGMENT }),
    resources: {
      uTexture: Texture.WHITE.source,
      uSampler: new TextureStyle({}),
      uniforms: {
        uTranslationMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
        uColor: { value: new Color(0xffffff), type: 'vec4<f32>' },
        uRound: { value: 1, type: 'f32' },
        uResolution: { value: [0, 0], type: 'vec2<f32>' },
      },
    },
  });
}

/**
 * A particle's colour as pixi packs it: blue, green, red in the low three bytes, alpha on top
 * (what `Particle.tint` and `Particle.alpha` together store in `Particle.color`).
 */
export function packedColor(rgb: number, alpha: number): number {
  const bgr = ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 0xff);
  return bgr + ((Math.min(Math.max(alpha, 0), 1) * 255) << 24);
}

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

  constructor(
    private readonly texture: Texture,
    shader?: Shader,
  ) {
    this.container = new ParticleContainer({
      texture,
      ...(shader ? { shader } : {}),
      dynamicProperties: { position: true, vertex: true, color: true, rotation: false, uvs: false },
    });
  }

  begin(): void {
    this.used = 0;
  }

  /**
   * One copy at (x, y), scaled, tinted with a 0xRRGGBB colour (white keeps the texture's colours)
   * and faded. The particle's packed colour is written directly: its `tint` setter parses the
   * colour through pixi's Color on every call, a tenth of a zoom step's script at 4x CPU.
   */
  add(x: number, y: number, scaleX: number, scaleY: number, rgb: number, alpha = 1): void {
    let particle = this.pool[this.used];
    if (!particle) {
      particle = new Particle({ texture: this.texture });
      this.pool.push(particle);
    }
    particle.x = x;
    particle.y = y;
    particle.scaleX = scaleX;
    particle.scaleY = scaleY;
    particle.color = packedColor(rgb, alpha);
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
