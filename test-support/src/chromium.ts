import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`): tests and benches drive it, never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and quiet: no network of its own (updates, sync, QUIC) to disturb timings or the loopback-only tests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
