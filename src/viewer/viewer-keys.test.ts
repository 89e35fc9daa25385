import { describe, expect, it } from 'vitest';
import { keepsOwnKeys, viewerKeyAction, type KeyLike } from './viewer-keys';

const on = (tagName: string, extra: Record<string, unknown> = {}) =>
  ({ tagName, ...extra }) as unknown as EventTarget;

function press(key: string, target: EventTarget | null, more: Partial<KeyLike> = {}): KeyLike {
  return {
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    ...more,
  };
}

describe('viewer keys', () => {
  it('zoom, play and move the selection from buttons, links and the page itself', () => {
    for (const target of [on('BUTTON'), on('A'), on('DIV'), on('BODY'), null]) {
      expect(viewerKeyAction(press('+', target))).toEqual({ kind: 'zoom', direction: 1 });
      expect(viewerKeyAction(press('=', target))).toEqual({ kind: 'zoom', direction: 1 });
      expect(viewerKeyAction(press('-', target))).toEqual({ kind: 'zoom', direction: -1 });
      expect(viewerKeyAction(press('_', target))).toEqual({ kind: 'zoom', direction: -1 });
      expect(viewerKeyAction(press(' ', target))).toEqual({ kind: 'play' });
      expect(viewerKeyAction(press('ArrowRight', target))).toEqual({
        kind: 'navigate',
        key: 'right',
      });
      expect(viewerKeyAction(press('ArrowUp', target))).toEqual({ kind: 'navigate', key: 'up' });
    }
    expect(viewerKeyAction(press(' ', on('INPUT', { type: 'button' })))).toEqual({ kind: 'play' });
  });

  it('give way in text fields (the PDF password box too), selects, sliders and checkboxes', () => {
    const owners = [
      on('INPUT', { type: 'text' }),
      on('INPUT', { type: 'password' }),
      on('INPUT', { type: 'search' }),
      on('INPUT', { type: 'range' }),
      on('INPUT', { type: 'checkbox' }),
      on('INPUT'),
      on('TEXTAREA'),
      on('SELECT'),
      on('DIV', { isContentEditable: true }),
    ];
    for (const target of owners) {
      expect(keepsOwnKeys(target)).toBe(true);
      for (const key of [' ', '+', '-', 'ArrowLeft']) {
        expect(viewerKeyAction(press(key, target))).toBeNull();
      }
    }
  });

  it('leave keys that a control has handled, or that come with a modifier, alone', () => {
    expect(viewerKeyAction(press('ArrowDown', on('TD'), { defaultPrevented: true }))).toBeNull();
    expect(viewerKeyAction(press('+', null, { ctrlKey: true }))).toBeNull();
    expect(viewerKeyAction(press('-', null, { metaKey: true }))).toBeNull();
    expect(viewerKeyAction(press(' ', null, { altKey: true }))).toBeNull();
    expect(viewerKeyAction(press('a', null))).toBeNull();
    expect(viewerKeyAction(press('Enter', on('BUTTON')))).toBeNull();
  });
});
