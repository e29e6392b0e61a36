// Finds a Chromium for the browser tests, installing one when none is found; prints its path.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's old headless shell (package chromium-headless-shell, the same Chromium without the browser's window
 * machinery), which Playwright itself runs headless by default: the suite took 10 % less time with it than with the
 * full browser in its new headless mode, on the same pages (decision 195).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

function run(cmd) {
  console.error(`$ ${cmd}`);
  return spawnSync('sh', ['-c', cmd], { stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
}

/** Fonts for the languages and names the pages show: Latin, Devanagari (Hindi), Tamil and Bengali. */
const FONTS = 'fonts-liberation fonts-lohit-deva fonts-lohit-taml fonts-lohit-beng-bengali';

/** Whether a font for Hindi is installed (without one, Hindi pages draw empty boxes and their layout is not measured). */
function hasHindiFont() {
  const res = spawnSync('fc-list', [':lang=hi'], { encoding: 'utf8' });
  return res.status !== 0 || res.stdout.trim() !== '';
}

export function ensureChromium() {
  const found = findChromium();
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version');
  if (found) {
    const missing = [!hasHindiFont() && FONTS, !process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) && 'chromium-headless-shell'].filter(Boolean);
    if (missing.length && isRoot && hasApt) {
      console.error(`Installing with apt-get: ${missing.join(' ')}...`);
      run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
    }
    return findChromium();
  }
  if (isRoot && hasApt) {
    console.error("No Chromium found: installing Debian's chromium and its headless shell with apt-get...");
    if (run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell ${FONTS}`) && findChromium()) return findChromium();
  }
  console.error("No Chromium found: trying Playwright's own browser download...");
  if (run('npx playwright install chromium')) {
    try {
      const out = execSync(`node -e "console.log(require('playwright-core').chromium.executablePath())"`, { encoding: 'utf8' }).trim();
      if (out && existsSync(out)) return out;
    } catch {
      // fall through to the message below
    }
  }
  console.error(
    'Could not find or install Chromium for the browser tests.\n' +
      'Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run `npm test` again.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
