import type { IconName } from './icons';

/** The landing page's copy. Names and figures are the spec's (§2 Landing page); the sentences are ours. */

export const FEATURES: { title: string; icon: IconName; body: string }[] = [
  { title: 'Invisible Mode', icon: 'eyeOff', body: 'The window stays out of screen shares, recordings and remote sessions while remaining fully visible to you.' },
  { title: 'AI Integration', icon: 'sparkles', body: 'ChatGPT, Grok and DeepSeek are one shortcut away, beside your call rather than inside it.' },
  { title: 'Keyboard Shortcuts', icon: 'keyboard', body: 'Show, hide, move, fade and click through the browser without reaching for the mouse.' },
  { title: 'Privacy First', icon: 'shield', body: 'What you browse stays on your device. We never see the pages you open or what you type.' },
  { title: 'Instant Switch', icon: 'zap', body: 'Ctrl+Space brings the browser up or puts it away in a keystroke, with no window juggling mid-call.' },
  { title: 'Team Collaboration', icon: 'users', body: 'Give the whole team the same quiet workspace, with shared shortcut guides and one place for billing.' },
];

export const STATS: { value: string; label: string; detail: string }[] = [
  { value: '30s', label: 'setup', detail: 'From download to your first hidden session.' },
  { value: '100%', label: 'private', detail: 'Your browsing never leaves your computer.' },
  { value: '24/7', label: 'support', detail: 'Write to us any time; we answer within 24 hours.' },
];

export type PlatformStatus = 'Undetectable' | 'Conditional';

export const PLATFORMS: { name: string; subtitle: string; status: PlatformStatus }[] = [
  { name: 'Zoom', subtitle: 'Meetings, webinars and screen sharing', status: 'Undetectable' },
  { name: 'Microsoft Teams', subtitle: 'Calls, meetings and shared screens', status: 'Undetectable' },
  { name: 'Google Meet', subtitle: 'Presenting a window or the whole screen', status: 'Undetectable' },
  { name: 'TeamViewer', subtitle: 'Remote support and control sessions', status: 'Undetectable' },
  { name: 'AnyDesk', subtitle: 'Remote desktop sessions', status: 'Undetectable' },
  { name: 'Hackerrank', subtitle: "Depends on the assessment's proctoring settings", status: 'Conditional' },
];

export const STEPS: { title: string; body: string }[] = [
  { title: 'Download and install', body: 'Get the Windows installer and run it. Setup takes about 30 seconds.' },
  { title: 'Sign in', body: 'Use your account. Testing is always free and needs no credit card.' },
  { title: 'Open your tools', body: 'Ctrl+1 to Ctrl+4 open Google, ChatGPT, Grok or DeepSeek. Set the opacity with Ctrl+[ and Ctrl+].' },
  { title: 'Share with confidence', body: 'Start your call or remote session. Ctrl+Space hides or shows the browser at once.' },
];
