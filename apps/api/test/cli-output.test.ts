import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import { devMailboxDir } from '@countersign/core';
import { createFileMailbox } from '@countersign/mail';
import { repoRoot, tempDir } from '@countersign/test-support';
import { describe, expect, it } from 'vitest';

// Regression: the CLI used to call process.exit() right after writing its result, so a pipe reader got
// only the first 64 KiB (the pipe's buffer) while a file got everything.

const cliEntry = path.join(repoRoot, 'apps/api/src/cli/main.ts');

/** Runs the CLI through `sh` so its stdout is a real pipe (`| cat >`) or a regular file (`>`). */
function runShell(script: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
}

describe('CLI output', () => {
  it('writes a large listing whole to a pipe, byte for byte as to a file', async () => {
    const dataDir = tempDir('countersign-cli-pipe-');
    const env = { DATA_DIR: dataDir, SMTP_URL: '', REDIS_URL: '' };
    const mailbox = createFileMailbox(devMailboxDir(loadConfig(env)));
    const body = 'Please review and sign the attached agreement. '.repeat(40);
    for (let i = 0; i < 120; i++) {
      await mailbox.send({
        messageId: `<m${i}@cli.test>`,
        from: { address: 'noreply@cli.test' },
        to: [`signer${i}@example.test`],
        subject: `Please sign: contract ${i}`,
        text: body,
        html: `<p>${body}</p>`,
      });
    }

    const node = `"${process.execPath}" --import tsx "${cliEntry}" mail list`;
    const toFile = path.join(dataDir, 'listing-file.json');
    const throughPipe = path.join(dataDir, 'listing-pipe.json');
    const [fileCode, pipeCode] = await Promise.all([
      runShell(`${node} > "${toFile}"`, env),
      runShell(`${node} | cat > "${throughPipe}"`, env),
    ]);
    expect(fileCode).toBe(0);
    expect(pipeCode).toBe(0);

    const fileBytes = statSync(toFile).size;
    expect(fileBytes).toBeGreaterThan(4 * 65_536); // well past one pipe buffer
    expect(statSync(throughPipe).size).toBe(fileBytes);
    const listing = JSON.parse(readFileSync(throughPipe, 'utf8')) as { to: string[] }[];
    expect(listing).toHaveLength(120);
  }, 60_000);
});
