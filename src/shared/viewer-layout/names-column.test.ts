import { describe, expect, it } from 'vitest';
import { namesColumnWidth, PAGE_PADDING, stageWidth } from './names-column';

describe('stageWidth', () => {
  it('is the page less its padding, the names column and the right border', () => {
    // The widths the rendered page gives (tests/e2e/early-viewer.spec.ts holds the plan to them).
    expect(stageWidth(1440)).toBe(1306);
    expect(stageWidth(360)).toBe(262);
  });

  it('takes the main column beside a PDF panel when given', () => {
    const main = 900;
    expect(stageWidth(1440, main)).toBe(main - namesColumnWidth(1440) - 1);
    expect(stageWidth(1440, 1440 - 2 * PAGE_PADDING)).toBe(stageWidth(1440));
  });
});
