import type { TextKey } from './i18n/runtime';

/**
 * The desktop program's keyboard shortcuts (R-2.23 'Shortcuts (catalogue)'): one list for the landing page and
 * /shortcuts. The action and its detail are keys of the landing page's texts (catalogs/landing/<locale>.json).
 */
export type Shortcut = { keys: string[][]; action: TextKey<'landing'>; detail: TextKey<'landing'> };

export const SHORTCUTS: Shortcut[] = [
  { keys: [['Ctrl', 'Space']], action: 'kShowHide', detail: 'kShowHideDetail' },
  { keys: [['Ctrl', 'H']], action: 'kScreenshot', detail: 'kScreenshotDetail' },
  {
    keys: [
      ['Alt', '←'],
      ['Alt', '→'],
    ],
    action: 'kBackForward',
    detail: 'kBackForwardDetail',
  },
  {
    keys: [
      ['Ctrl', '['],
      ['Ctrl', ']'],
    ],
    action: 'kOpacity',
    detail: 'kOpacityDetail',
  },
  { keys: [['Ctrl', 'Shift', 'C']], action: 'kClickThrough', detail: 'kClickThroughDetail' },
  { keys: [['Ctrl', '↑ ↓ ← →']], action: 'kMove', detail: 'kMoveDetail' },
  { keys: [['Ctrl', '1 – 4']], action: 'kQuickOpen', detail: 'kQuickOpenDetail' },
];
