import { site } from '#shared/site';

export type SeedPost = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  readTime: number;
  metaKeywords: string;
  daysAgo: number;
};

export const SEED_POSTS: SeedPost[] = [
  {
    title: `${site.productName}: an overview`,
    slug: site.aboutPostSlug,
    excerpt: `Who we are, what ${site.productName} does, and why we built a browser that stays out of the picture when you share your screen.`,
    readTime: 4,
    metaKeywords: 'stealth browser, about, invisible browser, screen sharing',
    daysAgo: 30,
    content: `<h2>Who we are</h2>
<p>${site.productName} is made by a small team of engineers who spend much of their day on video calls, remote sessions and technical interviews. We wanted a browser that helps during those calls without becoming part of them.</p>
<h2>What it does</h2>
<p>${site.productName} is a desktop browser for Windows that stays hidden when you share your screen. Zoom, Microsoft Teams, Google Meet, TeamViewer and AnyDesk see your other windows, but not this one.</p>
<ul>
<li><strong>Invisible mode</strong>: excluded from screen capture and recordings.</li>
<li><strong>AI helpers</strong>: Google, ChatGPT, Grok and DeepSeek one shortcut away (Ctrl+1 to Ctrl+4).</li>
<li><strong>Keyboard first</strong>: show or hide with Ctrl+Space, adjust opacity with Ctrl+[ and Ctrl+], move the window with Ctrl and the arrow keys.</li>
<li><strong>Click-through</strong>: Ctrl+Shift+C lets clicks pass to the window underneath.</li>
</ul>
<h2>Our principles</h2>
<p>Your browsing stays on your machine. We collect only what we need to run your account and your subscription, and we answer every privacy request within one day.</p>
<blockquote>Work efficiently, stay engaged, and keep your notes to yourself.</blockquote>
<p>Questions? Write to <a href="mailto:${site.supportEmail}">${site.supportEmail}</a>.</p>`,
  },
  {
    title: 'Ten keyboard shortcuts that keep your hands on the keyboard',
    slug: 'ten-keyboard-shortcuts',
    excerpt: 'A tour of the shortcuts that make the browser disappear, reappear, fade and move without ever reaching for the mouse during a call.',
    readTime: 3,
    metaKeywords: 'keyboard shortcuts, productivity, stealth browser',
    daysAgo: 12,
    content: `<p>Every action in ${site.productName} has a shortcut, so that nothing on your screen moves in a way others would notice.</p>
<table><thead><tr><th>Shortcut</th><th>Action</th></tr></thead><tbody>
<tr><td><code>Ctrl+Space</code></td><td>Show or hide the browser</td></tr>
<tr><td><code>Ctrl+[</code> / <code>Ctrl+]</code></td><td>Decrease or increase opacity</td></tr>
<tr><td><code>Ctrl+Shift+C</code></td><td>Click-through mode</td></tr>
<tr><td><code>Ctrl+H</code></td><td>Screenshot of the main window</td></tr>
<tr><td><code>Alt+Left</code> / <code>Alt+Right</code></td><td>Back and forward</td></tr>
<tr><td><code>Ctrl+1</code> … <code>Ctrl+4</code></td><td>Google, ChatGPT, Grok, DeepSeek</td></tr>
</tbody></table>
<h2>A tip for interviews</h2>
<p>Set the opacity low, switch on click-through, and place the window beside your editor with <code>Ctrl</code> and the arrow keys. You can read without covering what you type.</p>`,
  },
  {
    title: 'How screen-share invisibility works on Windows',
    slug: 'how-invisibility-works',
    excerpt: 'Screen capture on Windows goes through a handful of system APIs. Here is, in plain words, how a window can ask to be left out of them.',
    readTime: 5,
    metaKeywords: 'windows, screen capture, display affinity, privacy',
    daysAgo: 5,
    content: `<p>When Zoom or Teams shares your screen, it asks Windows for a picture of the desktop many times a second. Windows lets an application mark a window so that it is left out of those pictures, while it stays perfectly visible to you.</p>
<h2>Display affinity</h2>
<p>The system call behind it is <code>SetWindowDisplayAffinity</code>. A window marked with <code>WDA_EXCLUDEFROMCAPTURE</code> is drawn on your monitor but replaced by nothing in captures and recordings.</p>
<pre><code>SetWindowDisplayAffinity(hwnd, WDA_EXCLUDEFROMCAPTURE);</code></pre>
<h2>What this means for you</h2>
<ol>
<li>Screen sharing, recording and remote desktop tools do not see the window.</li>
<li>Some proctoring tools inspect running processes as well: check the compatibility board before you rely on it.</li>
<li>Your own eyes, and a phone camera pointed at your screen, still see everything.</li>
</ol>
<p>We test every release against the platforms on our compatibility board and update it when something changes.</p>`,
  },
];
