import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { generateSealCertificate } from '@countersign/pdf-engine';
import { startTestTsa } from '@countersign/pdf-engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealWith } from './sealed-pdf.ts';

// `npx @countersign/verify FILE.pdf` as someone outside the monorepo gets it: the package packed by pnpm (its
// prepack builds dist/), installed from the tarball into a fresh project in the temp dir, and run by plain
// node (no tsx, no NODE_OPTIONS, nothing of the workspace resolvable) on real sealed PDFs.

const run = promisify(execFile);
const PACKAGE_DIR = join(import.meta.dirname, '..');
const ROOT = join(PACKAGE_DIR, '../..');

let dir: string;
let consumer: string;
let tarball: string;
/**
 * Plain node first on PATH, nothing that would preload a loader, and none of the npm_config_* that `pnpm exec`
 * exports (npm warns about pnpm's own): the environment of someone outside the monorepo.
 */
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  NODE_OPTIONS: '',
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  npm_config_update_notifier: 'false',
};

/** A command in the consumer project: its exit code and output (a non-zero exit is a result, not a throw). */
async function inConsumer(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: consumer, env });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { status: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

type JsonReport = { ok: boolean; checks: { name: string; ok: boolean | null }[] };
const failedIn = (report: JsonReport) => report.checks.filter((c) => c.ok === false).map((c) => c.name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verify-packed-'));
  consumer = join(dir, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  // The PDFs are sealed while pnpm packs (a child process), to keep the file fast.
  const packing = run('pnpm', ['pack', '--pack-destination', dir], { cwd: PACKAGE_DIR, env });
  const tsa = await startTestTsa();
  try {
    const cert = generateSealCertificate({ commonName: 'Seal', organization: 'Test', keyBits: 2048 });
    const clean = await sealWith(cert);
    const stamped = await sealWith({ ...cert, tsa: { url: tsa.url } });
    writeFileSync(join(consumer, 'clean.pdf'), clean.bytes);
    const flipped = Buffer.from(clean.bytes);
    const at = Math.floor(clean.contentLength / 2);
    flipped[at] = flipped[at]! ^ 0x01;
    writeFileSync(join(consumer, 'tampered.pdf'), flipped);
    writeFileSync(join(consumer, 'stamped.pdf'), stamped.bytes);
  } finally {
    await tsa.close();
  }
  await packing;
  tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz'))!);
  // No registry: a package with no dependencies installs from its tarball alone.
  await run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--cache', join(dir, 'npm-cache'), tarball],
    { cwd: consumer, env },
  );
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed @countersign/verify', () => {
  it('holds only the built JavaScript, its types, the README and the license; bin and exports point at dist; no dependencies', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files.filter((f) => !/^package\/dist\/[\w-]+\.(js|d\.ts)$/.test(f))).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/package.json',
    ]);
    expect(files).toContain('package/dist/cli.js');
    const installed = join(consumer, 'node_modules/@countersign/verify');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.bin).toEqual({ 'countersign-verify': './dist/cli.js' });
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.engines).toEqual({ node: '>=20.19.0' });
    expect(readFileSync(join(installed, 'dist/cli.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    // Nothing else was installed: what runs below can only be the package itself.
    expect(readdirSync(join(consumer, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual([
      '@countersign',
    ]);
  });

  it('npx @countersign/verify: a clean seal exits 0 with every check named; a flipped byte exits 1 as seal-digest', async () => {
    const good = await inConsumer('npx', ['--offline', '@countersign/verify', 'clean.pdf']);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^clean\.pdf: VALID/);
    for (const name of [
      'seal-present',
      'nothing-appended',
      'seal-digest',
      'seal-signature',
      'certificate-chain',
    ]) {
      expect(good.stdout).toMatch(new RegExp(`OK\\s+${name}: `));
    }

    const bad = await inConsumer('npx', ['countersign-verify', 'tampered.pdf', '--json']);
    expect(bad.status).toBe(1);
    const report = JSON.parse(bad.stdout) as JsonReport;
    expect(report.ok).toBe(false);
    expect(failedIn(report)).toEqual(['seal-digest']);

    const text = await inConsumer('npx', ['countersign-verify', 'tampered.pdf']);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/FAIL\s+seal-digest: /);

    const usage = await inConsumer('npx', ['countersign-verify']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^usage: /);
  }, 60_000);

  it('a time-stamped seal with --require-timestamp --json: both time-stamps verify under plain node', async () => {
    const stamped = await inConsumer('npx', [
      'countersign-verify',
      'stamped.pdf',
      '--require-timestamp',
      '--json',
    ]);
    expect(stamped.status, stamped.stdout).toBe(0);
    const report = JSON.parse(stamped.stdout) as JsonReport & { timestamp: { tsa: string } };
    expect(failedIn(report)).toEqual([]);
    expect(report.checks.find((c) => c.name === 'timestamp')!.ok).toBe(true);
    expect(report.checks.find((c) => c.name === 'document-timestamp')!.ok).toBe(true);
    expect(report.timestamp.tsa).toBe('CN=Countersign Test TSA, O=Countersign Tests');
  }, 60_000);

  it('its types: a TypeScript consumer of both entries compiles, and a wrong use of the report does not', async () => {
    writeFileSync(
      join(consumer, 'consumer.ts'),
      [
        "import { readFileSync } from 'node:fs';",
        "import { type VerifyReport, verifyPdf } from '@countersign/verify';",
        "import { checkAuditChain } from '@countersign/verify/browser';",
        "const report: VerifyReport = verifyPdf(readFileSync('clean.pdf'), { requireTimestamp: false });",
        'export const names: string[] = report.checks.map((c) => c.name);',
        'export const chain = checkAuditChain([]);',
        '// @ts-expect-error ok is a boolean: the types are the real ones, not any',
        'export const wrong: string = report.ok;',
        '',
      ].join('\n'),
    );
    const tsc = await inConsumer(process.execPath, [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      ...['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'],
      ...['--types', 'node', '--typeRoots', join(ROOT, 'node_modules/@types'), 'consumer.ts'],
    ]);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000);
});
