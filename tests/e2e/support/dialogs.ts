import type { Page } from '@playwright/test';

/** Records every alert() the page raises, accepting it so the page can go on. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}
