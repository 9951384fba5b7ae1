import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@countersign/test-support';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApi, type TestApi, type TestApiOptions } from '../harness.ts';
import { type SigningWorld, startSigningWorld } from '../signing-setup.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** SCREENSHOT_DIR collects every screenshot the web tests take, for review. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
/** DOCS_SCREENSHOTS=1 rewrites the README's pictures in docs/ (off by default so test runs leave the tree clean). */
const DOCS_SCREENSHOTS = process.env.DOCS_SCREENSHOTS === '1';

export { launchChromium };

/** Chromium for a test file, and every console error or page error its contexts record (see newContext). */
export interface Chromium {
  browser: Browser;
  problems: string[];
}
export type AppWorld = Chromium & { api: TestApi };
export type SigningBrowserWorld = Chromium & { signing: SigningWorld };

/**
 * The one way a browser test file gets its server and Chromium: `start()` and the browser before the file's
 * tests, both closed after them. `world[key]` is what `start` made (read it inside tests and hooks only).
 */
function chromiumWith<K extends string, S extends { close(): Promise<void> }>(
  key: K,
  start: () => Promise<S>,
): Chromium & Record<K, S> {
  const world = { problems: [] as string[] } as Chromium & Record<K, S>;
  beforeAll(async () => {
    (world as Record<K, S>)[key] = await start();
    world.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await world.browser?.close();
    await (world as Partial<Record<K, S>>)[key]?.close();
  });
  return world;
}

/** An API (startTestApi with `options`) and Chromium for the file's tests: `world.api`, `world.browser`. */
export const appWorld = (options?: TestApiOptions): AppWorld =>
  chromiumWith('api', () => startTestApi(options));

/**
 * A signing world (real SMTP, a clock the test moves) and Chromium: `world.signing`, `world.browser`. Pages are
 * drawn by the server (PAGE_IMAGES, off elsewhere in tests) and each send waits for them, so the signing page
 * is tested as signers get it; `env: { PAGE_IMAGES: '0' }` tests pdf.js in the browser.
 */
export const signingWorld = (options?: { env?: Record<string, string> }): SigningBrowserWorld =>
  chromiumWith('signing', () => startSigningWorld({ env: { PAGE_IMAGES: '1', ...options?.env } }));

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 860 },
} as const;

/**
 * A context with the clipboard allowed; every console error or page error is recorded in `problems`.
 * bypassCSP only so axe-core can be injected; the CSP itself is asserted by the serving test.
 */
export async function newContext(
  browser: Browser,
  problems: string[],
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    bypassCSP: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(30_000);
  context.on('page', (page) => watch(page, problems));
  return context;
}

/** The end of a page's test: no console or page error recorded (but those dropped), and its context closed. */
export async function closeClean(world: Chromium, page: Page): Promise<void> {
  expect(world.problems).toEqual([]);
  await page.context().close();
}

/** Drops the recorded problems that match `expected` (answers the page handles), keeping the rest to assert on. */
export function dropExpectedProblems(problems: string[], expected: RegExp): void {
  problems.splice(0, problems.length, ...problems.filter((p) => !expected.test(p)));
}

function watch(page: Page, problems: string[]) {
  page.on('console', (m) => {
    // 401 (signed out) and 409 (conflict) answers are expected states the app handles; Chromium logs them.
    if (m.type() === 'error' && !/status of (401|409)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"')))
    await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(
    'window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)',
  )) as AxeViolation[];
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${what}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(bad).toEqual([]);
}

/** A screenshot under SCREENSHOT_DIR when set; `docsName` also writes docs/<name> with DOCS_SCREENSHOTS=1. */
export async function screenshot(page: Page, name: string, docsName?: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
  if (docsName && DOCS_SCREENSHOTS) await page.screenshot({ path: path.join(REPO, 'docs', docsName) });
}

/**
 * Waits until the signing page shows its first page: the server's image loaded, or pdf.js's canvas drawn
 * (docs/signing-page.md, "How pages are shown").
 */
export async function firstPageShown(page: Page, timeout = 60_000): Promise<void> {
  // A function, not a string: a context without bypassCSP runs no string evaluation. No DOM types here.
  type Shown = {
    querySelector(s: string): { complete?: boolean; naturalWidth?: number; width?: number } | null;
  };
  await expect
    .poll(
      () =>
        page
          .locator('.page')
          .first()
          .evaluate((frame) => {
            const f = frame as unknown as Shown;
            const img = f.querySelector('img.page-image');
            const canvas = f.querySelector('canvas');
            return (!!img?.complete && (img.naturalWidth ?? 0) > 0) || (canvas?.width ?? 0) > 0;
          }),
      { timeout },
    )
    .toBe(true);
}

/** Presses Tab until `selector` has focus (bounded): proves it is reachable by keyboard. */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.locator(`${selector}:focus`).count()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} not reachable with Tab`);
}

/** Focuses `selector` by Tab and types `text` into it. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await tabTo(page, selector);
  await page.keyboard.type(text);
}

/** Screenshots (of `focus` when given) and axe at both widths, back at 1280 px after. */
export async function atBothWidths(page: Page, name: string, focus?: Locator): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await focus?.scrollIntoViewIfNeeded();
    await expectAccessible(page, `${name} at ${viewport.width}`);
    await screenshot(page, `${name}-${viewport.width}.png`);
  }
}

/**
 * Chromium's virtual authenticator on `page` (CDP WebAuthn domain: CTAP2, internal transport, resident keys,
 * user verification, presence simulated), so passkeys are made and used without a person.
 */
export async function virtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
