// Draws the site's brand images into src/client/public/ (committed; Vite copies them to the build's root):
//   og-image.png          1200×630 link preview of every page without an image of its own (og:image, twitter:image)
//   apple-touch-icon.png  180×180, full-bleed (iOS rounds the corners itself)
//   icon-192.png, icon-512.png  the web manifest's icons, the mark inside the maskable safe zone
//   favicon.ico (16, 32 and 48 px)  for browsers and crawlers that do not read favicon.svg
//   site.webmanifest      name, short name, icons and the theme's colours
// Each image is an HTML/SVG design rendered by Chromium, from the mark in favicon.svg (the logo of
// src/client/components/logo.tsx), the colours of src/client/styles.css and the copy of src/shared/site.ts.
// Run it again after changing any of those:  node scripts/brand-images.mjs   (fonts: Debian's fonts-inter if
// installed, as the images were drawn; otherwise the system sans).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'src/client/public');

/** The theme (src/client/styles.css @theme), read rather than copied, so the images follow it. */
const css = readFileSync(path.join(root, 'src/client/styles.css'), 'utf8');
const color = (name) => {
  const m = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!m) throw new Error(`styles.css has no --color-${name}`);
  return m[1];
};
const ink = {
  950: color('ink-950'),
  900: color('ink-900'),
  850: color('ink-850'),
  800: color('ink-800'),
  700: color('ink-700'),
  600: color('ink-600'),
  400: color('ink-400'),
  300: color('ink-300'),
  100: color('ink-100'),
};
const accent = { 300: color('accent-300'), 400: color('accent-400'), 500: color('accent-500'), 600: color('accent-600') };

/** The product's name and tagline (src/shared/site.ts), read from the source so there is one copy of each. */
const siteSource = readFileSync(path.join(root, 'src/shared/site.ts'), 'utf8');
const siteText = (key) => {
  const m = new RegExp(`${key}:\\s*'([^']+)'`).exec(siteSource);
  if (!m) throw new Error(`site.ts has no ${key}`);
  return m[1];
};
const productName = siteText('productName');
const brand = siteText('brand');
const tagline = siteText('tagline');
const [headline, ...rest] = tagline.split(/(?<=\.)\s+/);
const subline = rest.join(' ');

/** The mark: favicon.svg, whose first <rect> is its rounded tile. */
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const markInner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const tileless = markInner.replace(/<rect[^>]*\/>/, '');
/**
 * The mark on a full-bleed square of the tile's colour, drawn at `scale` of the side. At 0.78 its farthest point
 * (the slash's ends) stays inside the maskable safe zone, a circle of 40 % of the side around the centre.
 */
const fullBleedMark = (scale) => {
  const pad = (64 / scale - 64) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad} ${64 + 2 * pad} ${64 + 2 * pad}" width="100%" height="100%"><rect x="${-pad}" y="${-pad}" width="${64 + 2 * pad}" height="${64 + 2 * pad}" fill="${ink[950]}"/>${tileless}</svg>`;
};

const FONT = `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
const page = (body, { width, height, transparent = false }) => `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${width}px; height: ${height}px; overflow: hidden; background: ${transparent ? 'transparent' : ink[950]}; }
  body { font-family: ${FONT}; color: ${ink[100]}; -webkit-font-smoothing: antialiased; }
</style></head><body>${body}</body></html>`;

const eyeOff = `<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M10.6 6.1A10.4 10.4 0 0 1 12 6c6.5 0 10 6 10 6a17.6 17.6 0 0 1-2.9 3.6"/><path d="M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 6 10 6a9.7 9.7 0 0 0 5.4-1.6"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/><path d="M2 2l20 20"/></svg>`;

/** The link preview: the mark and name, the tagline, and a hidden browser window beside a call that cannot see it. */
function ogImage() {
  const tiles = [
    ['AK', '#2a3350'],
    ['MR', '#33304d'],
    ['JS', '#2b3a44'],
    ['You', '#2f2d3f'],
  ]
    .map(
      ([who, bg]) => `<div style="position:relative;border-radius:14px;background:${bg};display:flex;align-items:center;justify-content:center;">
        <div style="width:58px;height:58px;border-radius:50%;background:rgba(255,255,255,0.08);display:flex;align-items:center;justify-content:center;font-size:19px;font-weight:600;color:${ink[300]};">${who}</div>
        <div style="position:absolute;left:10px;bottom:9px;font-size:13px;color:${ink[400]};">${who === 'You' ? 'You · sharing screen' : ''}</div>
      </div>`,
    )
    .join('');
  const line = (w, o = 1) => `<div style="height:11px;width:${w}%;border-radius:6px;background:${ink[700]};opacity:${o};"></div>`;
  return page(
    `<div style="position:absolute;inset:0;background:
        radial-gradient(640px 420px at 88% 18%, ${accent[500]}33, transparent 70%),
        radial-gradient(520px 380px at 8% 110%, ${accent[600]}22, transparent 70%);"></div>
     <div style="position:absolute;inset:0;background-image:radial-gradient(${ink[700]} 1px, transparent 1px);background-size:28px 28px;opacity:0.35;
        -webkit-mask-image:linear-gradient(90deg, transparent 0%, black 45%, black 100%);"></div>

     <div style="position:absolute;left:72px;top:64px;width:610px;display:flex;flex-direction:column;height:502px;">
       <div style="display:flex;align-items:center;gap:16px;">
         <div style="width:60px;height:60px;">${favicon.replace('<svg ', '<svg width="60" height="60" ')}</div>
         <div style="font-size:30px;font-weight:700;letter-spacing:-0.01em;">${productName}</div>
       </div>
       <div style="margin-top:64px;font-size:56px;line-height:1.08;font-weight:800;letter-spacing:-0.035em;">${headline.replace(/ (\S+)$/, '&nbsp;$1')}</div>
       <div style="margin-top:22px;font-size:23px;line-height:1.45;color:${ink[300]};max-width:560px;">${subline}</div>
       <div style="margin-top:34px;display:flex;gap:40px;">
         ${[
           ['30s', 'setup'],
           ['100%', 'private'],
           ['24/7', 'support'],
         ]
           .map(
             ([value, label]) =>
               `<div style="display:flex;align-items:baseline;gap:8px;"><span style="font-size:30px;font-weight:800;letter-spacing:-0.02em;color:${accent[300]};">${value}</span><span style="font-size:18px;color:${ink[400]};">${label}</span></div>`,
           )
           .join('')}
       </div>
       <div style="margin-top:auto;display:flex;gap:10px;flex-wrap:nowrap;">
         ${['Windows', 'Always Free to Use for Testing', 'No credit card required']
           .map(
             (t, i) =>
               `<div style="padding:8px 15px;border-radius:999px;font-size:15.5px;font-weight:600;white-space:nowrap;${i === 0 ? `background:${accent[500]};color:${ink[950]};` : `border:1px solid ${ink[600]};color:${ink[100]};background:${ink[900]}cc;`}">${t}</div>`,
           )
           .join('')}
       </div>
     </div>

     <div style="position:absolute;left:706px;top:96px;width:436px;height:292px;border-radius:20px;border:1px solid ${ink[700]};background:${ink[900]};padding:14px;box-shadow:0 30px 80px rgba(0,0,0,0.45);">
       <div style="display:flex;align-items:center;justify-content:space-between;margin-bottom:12px;">
         <div style="display:flex;gap:7px;">${['#3a4158', '#3a4158', '#3a4158'].map((c) => `<span style="width:11px;height:11px;border-radius:50%;background:${c};display:block;"></span>`).join('')}</div>
         <div style="font-size:13px;color:${ink[400]};">Video call · screen shared</div>
         <div style="width:9px;height:9px;border-radius:50%;background:#ef4444;"></div>
       </div>
       <div style="display:grid;grid-template-columns:1fr 1fr;grid-template-rows:1fr 1fr;gap:10px;height:238px;">${tiles}</div>
     </div>

     <div style="position:absolute;left:808px;top:300px;width:342px;height:236px;border-radius:18px;border:2px dashed ${accent[400]};background:${ink[950]};padding:14px 16px;box-shadow:0 0 0 6px ${accent[500]}14, 0 24px 60px rgba(0,0,0,0.5);">
       <div style="display:flex;align-items:center;gap:10px;">
         <div style="width:22px;height:22px;">${favicon.replace('<svg ', '<svg width="22" height="22" ')}</div>
         <div style="flex:1;height:26px;border-radius:8px;background:${ink[850]};border:1px solid ${ink[700]};font-size:13px;color:${ink[400]};display:flex;align-items:center;padding:0 10px;">chatgpt.com</div>
       </div>
       <div style="margin-top:18px;display:flex;flex-direction:column;gap:11px;">${line(88)}${line(72)}${line(94)}${line(54, 0.8)}${line(80, 0.6)}</div>
       <div style="position:absolute;left:16px;right:16px;bottom:14px;display:flex;align-items:center;gap:9px;color:${accent[300]};font-size:16px;font-weight:600;">
         ${eyeOff}<span>Hidden from the screen share</span>
       </div>
     </div>`,
    { width: 1200, height: 630 },
  );
}

const squareIcon = (size, scale) => page(`<div style="width:${size}px;height:${size}px;">${fullBleedMark(scale)}</div>`, { width: size, height: size });
const tileIcon = (size) =>
  page(`<div style="width:${size}px;height:${size}px;">${favicon.replace('<svg ', `<svg width="${size}" height="${size}" `)}</div>`, {
    width: size,
    height: size,
    transparent: true,
  });

/** An .ico holding PNG images (every browser since 2007 reads them), largest last. */
function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium: install one (apt-get install chromium) or set CHROMIUM_PATH');
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--font-render-hinting=none'],
});
try {
  const shoot = async (html, width, height, transparent = false) => {
    const tab = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await tab.setContent(html, { waitUntil: 'load' });
    await tab.evaluate(() => document.fonts.ready);
    const png = await tab.screenshot({ type: 'png', omitBackground: transparent });
    await tab.close();
    return png;
  };
  const out = {
    'og-image.png': await shoot(ogImage(), 1200, 630),
    'apple-touch-icon.png': await shoot(squareIcon(180, 0.8), 180, 180),
    'icon-192.png': await shoot(squareIcon(192, 0.78), 192, 192),
    'icon-512.png': await shoot(squareIcon(512, 0.78), 512, 512),
  };
  const manifest = {
    name: productName,
    short_name: brand,
    description: tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: ink[950],
    background_color: ink[950],
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...[192, 512].flatMap((size) => ['any', 'maskable'].map((purpose) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose }))),
    ],
  };
  out['site.webmanifest'] = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const icoSizes = [16, 32, 48];
  out['favicon.ico'] = ico(await Promise.all(icoSizes.map(async (size) => ({ size, data: await shoot(tileIcon(size), size, size, true) }))));
  for (const [name, data] of Object.entries(out)) {
    writeFileSync(path.join(publicDir, name), data);
    console.log(`${path.relative(root, path.join(publicDir, name))}  ${data.length} bytes`);
  }
} finally {
  await browser.close();
}
