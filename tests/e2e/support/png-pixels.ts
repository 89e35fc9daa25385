import type { Page } from '@playwright/test';

/**
 * The brightness (R + G + B, 0 to 765) of every pixel of a PNG screenshot, row by row, decoded
 * by the page's own browser.
 */
export async function pngBrightness(page: Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    return Array.from(
      { length: image.width * image.height },
      (_, i) => data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!,
    );
  }, png.toString('base64'));
}
