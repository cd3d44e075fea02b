// Which Chromium the end-to-end suite drives (DESIGN.md): CHROME_PATH, else Debian's
// /usr/bin/chromium, else the browser shipped inside the @sparticuz/chromium package.
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

async function executablePath(): Promise<{ path: string; extraArgs: string[] }> {
  if (process.env.CHROME_PATH) return { path: process.env.CHROME_PATH, extraArgs: [] };
  if (fs.existsSync('/usr/bin/chromium')) return { path: '/usr/bin/chromium', extraArgs: [] };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { path: await packaged.executablePath(), extraArgs: ['--single-process', '--no-zygote'] };
}

export async function launchChromium(): Promise<Browser> {
  const { path, extraArgs } = await executablePath();
  // Playwright gives every launch a fresh temporary profile.
  return chromium.launch({ executablePath: path, headless: true, args: [...FLAGS, ...extraArgs] });
}
