/** The desktop program's keyboard shortcuts (spec §2 'Shortcuts (catalogue)'): one list for the landing page and /shortcuts. */
export type Shortcut = { keys: string[][]; action: string; detail: string };

export const SHORTCUTS: Shortcut[] = [
  { keys: [['Ctrl', 'Space']], action: 'Show or hide', detail: 'Toggle the browser window instantly.' },
  { keys: [['Ctrl', 'H']], action: 'Screenshot', detail: 'Capture the main window.' },
  { keys: [['Alt', '←'], ['Alt', '→']], action: 'Back / forward', detail: 'Move through your history.' },
  { keys: [['Ctrl', '['], ['Ctrl', ']']], action: 'Opacity', detail: 'Decrease or increase transparency.' },
  { keys: [['Ctrl', 'Shift', 'C']], action: 'Click-through', detail: 'Let clicks pass to the window beneath.' },
  { keys: [['Ctrl', '↑ ↓ ← →']], action: 'Move', detail: 'Nudge the browser around the screen.' },
  { keys: [['Ctrl', '1 – 4']], action: 'Quick open', detail: 'Google, ChatGPT, Grok, DeepSeek.' },
];
