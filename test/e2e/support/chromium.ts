// Which Chromium the end-to-end suite drives: CHROME_PATH, else Debian's
// /usr/bin/chromium, else the browser shipped inside the @sparticuz/chromium package.
// QUIPU_E2E_CHROMIUM=packaged forces the packaged browser, so CI takes the path of a machine
// that has only Node even when another Chromium is installed.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The browser's file; the packaged one is unpacked into the temporary folder on its first call. */
export async function executablePath(): Promise<string> {
  const forcePackaged = process.env.QUIPU_E2E_CHROMIUM === 'packaged';
  if (!forcePackaged && process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (!forcePackaged && fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

export async function launchChromium(): Promise<Browser> {
  // No --single-process: in that mode only the first browser context survives.
  // Playwright gives every launch a fresh temporary profile.
  return chromium.launch({ executablePath: await executablePath(), headless: true, args: FLAGS });
}
