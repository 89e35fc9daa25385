import type { NavigationKey } from '../shared/viewer-layout/component-navigation';

/**
 * The viewer's keys, wherever the focus is on the page: `+`/`=` and `-`/`_` zoom, Space plays
 * or pauses, the arrows move the selection. They give way where a key has a meaning of its own:
 * text fields (the PDF password box among them), selects, sliders and other inputs, editable
 * text, and any control that has already handled the key (the table view's grid, the PDF
 * divider).
 */

export type ViewerKeyAction =
  { kind: 'play' } | { kind: 'zoom'; direction: 1 | -1 } | { kind: 'navigate'; key: NavigationKey };

/** What the handler needs of a keydown event (a DOM KeyboardEvent has it all). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** What the handler needs of the focused element. */
interface ElementLike {
  tagName: string;
  isContentEditable?: boolean;
  type?: string;
}

/** Inputs whose own keys are buttons' keys: Space presses them, arrows mean nothing. */
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image']);

/** Whether the focused element uses the viewer's keys itself (typing, choosing, sliding). */
export function keepsOwnKeys(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  if (!element || typeof element.tagName !== 'string') return false;
  if (element.isContentEditable) return true;
  switch (element.tagName) {
    case 'TEXTAREA':
    case 'SELECT':
      return true;
    case 'INPUT':
      return !BUTTON_INPUTS.has((element.type ?? 'text').toLowerCase());
    default:
      return false;
  }
}

const ARROWS: Record<string, NavigationKey> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function viewerKeyAction(event: KeyLike): ViewerKeyAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (keepsOwnKeys(event.target)) return null;
  switch (event.key) {
    case ' ':
      return { kind: 'play' };
    case '+':
    case '=':
      return { kind: 'zoom', direction: 1 };
    case '-':
    case '_':
      return { kind: 'zoom', direction: -1 };
    default: {
      const arrow = ARROWS[event.key];
      return arrow ? { kind: 'navigate', key: arrow } : null;
    }
  }
}
