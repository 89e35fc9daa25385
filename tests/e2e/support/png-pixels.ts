import type { Page } from '@playwright/test';

/** Every pixel of a PNG screenshot, row by row, decoded by the page's own browser. */
function pngPixels(page: Page, png: Buffer, as: 'brightness' | 'rgb'): Promise<number[]> {
  return page.evaluate(
    async ([base64, as]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, image.width, image.height).data;
      return Array.from({ length: image.width * image.height }, (_, i) => {
        const [r, g, b] = [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!];
        return as === 'rgb' ? (r << 16) | (g << 8) | b : r + g + b;
      });
    },
    [png.toString('base64'), as] as const,
  );
}

/** The brightness (R + G + B, 0 to 765) of every pixel of a PNG screenshot, row by row. */
export function pngBrightness(page: Page, png: Buffer): Promise<number[]> {
  return pngPixels(page, png, 'brightness');
}

/** The colour (0xRRGGBB) of every pixel of a PNG screenshot, row by row. */
export function pngColours(page: Page, png: Buffer): Promise<number[]> {
  return pngPixels(page, png, 'rgb');
}
