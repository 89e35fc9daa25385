import { describe, expect, it, vi } from 'vitest';

// pixi reads the browser's navigator as it loads; Node 20 has none.
vi.stubGlobal('navigator', { userAgent: 'node' });
const { Particle, Texture } = await import('pixi.js');
const { packedColor, ParticleBatch } = await import('./rect-particles');

describe('packedColor', () => {
  it.each([
    [0x000000, 1],
    [0xffffff, 1],
    [0x1a5fd0, 1],
    [0xefefec, 0.25],
    [0x123456, 0],
    [0xabcdef, 0.5],
  ])('packs 0x%s at alpha %s as pixi does for tint and alpha', (rgb, alpha) => {
    const particle = new Particle({ texture: Texture.EMPTY, tint: rgb, alpha });
    expect(packedColor(rgb, alpha)).toBe(particle.color);
  });
});

describe('ParticleBatch', () => {
  it('keeps the copies added since begin, in order, with their colours', () => {
    const batch = new ParticleBatch(Texture.WHITE);
    batch.begin();
    batch.add(1, 2, 3, 4, 0xff0000);
    batch.add(5, 6, 7, 8, 0x00ff00, 0.25);
    batch.end();
    const [first, second] = batch.container.particleChildren as InstanceType<typeof Particle>[];
    expect(batch.container.particleChildren).toHaveLength(2);
    expect([first?.x, first?.y, first?.scaleX, first?.scaleY]).toEqual([1, 2, 3, 4]);
    expect(first?.color).toBe(new Particle({ texture: Texture.EMPTY, tint: 0xff0000 }).color);
    expect(second?.color).toBe(
      new Particle({ texture: Texture.EMPTY, tint: 0x00ff00, alpha: 0.25 }).color,
    );
    batch.begin();
    batch.add(9, 9, 1, 1, 0);
    batch.end();
    expect(batch.container.particleChildren).toHaveLength(1);
  });
});
