import { ConfigError, loadConfig } from '@countersign/config';
import { BackupError, createRuntime, isDomainError } from '@countersign/core';
import { CopyError } from '@countersign/db';
import { runVerify } from '@countersign/verify';
import { CliError, type Command, parse } from './command.ts';
import { accountsCreate, accountsSetAllowance } from './commands/accounts.ts';
import { backup, restore } from './commands/backup.ts';
import { dbCopy } from './commands/db.ts';
import { driveConnect, driveList, drivePut, driveRemove } from './commands/drive.ts';
import { mailList } from './commands/mail.ts';
import {
  accountsSetRetention,
  sessionsHold,
  sessionsPurge,
  sessionsRelease,
  sessionsRetentionDue,
} from './commands/retention.ts';
import { sessionsPurgeTest, sessionsRetryCompletion } from './commands/sessions.ts';
import { ssoDisable } from './commands/sso.ts';
import { templatesCreate, templatesList, templatesShow } from './commands/templates.ts';
import { tokensCreate, tokensList, tokensRevoke } from './commands/tokens.ts';
import { webhooksCreate, webhooksDelete, webhooksList } from './commands/webhooks.ts';

/** `group action` (or one word) -> command; the usage text lists them in this order. */
const COMMANDS: Record<string, Command> = {
  'accounts create': accountsCreate,
  'accounts set-allowance': accountsSetAllowance,
  'templates create': templatesCreate,
  'templates list': templatesList,
  'templates show': templatesShow,
  'tokens create': tokensCreate,
  'tokens list': tokensList,
  'tokens revoke': tokensRevoke,
  'sessions purge-test': sessionsPurgeTest,
  'mail list': mailList,
  backup,
  restore,
  'db copy': dbCopy,
  'drive put': drivePut,
  'drive list': driveList,
  'drive remove': driveRemove,
  'drive connect': driveConnect,
  'sso disable': ssoDisable,
  'webhooks create': webhooksCreate,
  'webhooks list': webhooksList,
  'webhooks delete': webhooksDelete,
  'sessions retry-completion': sessionsRetryCompletion,
  'accounts set-retention': accountsSetRetention,
  'sessions hold': sessionsHold,
  'sessions release': sessionsRelease,
  'sessions purge': sessionsPurge,
  'sessions retention-due': sessionsRetentionDue,
};

function help(): string {
  return `usage: pnpm cli <group> <action> [options]\n\n${Object.values(COMMANDS)
    .map((c) => `  ${c.usage}`)
    .join('\n')}`;
}

async function main(argv: string[]): Promise<number> {
  // `pnpm cli verify FILE.pdf`: the service-independent verifier, no runtime (no DATA_DIR) needed.
  if (argv[0] === 'verify') return runVerify(argv.slice(1));
  const [group, action] = argv;
  // `group action [options]`, or a single word (`backup --to FILE`).
  const single = group !== undefined && COMMANDS[group] !== undefined;
  const command = single ? COMMANDS[group] : COMMANDS[`${group} ${action}`];
  const rest = argv.slice(single ? 1 : 2);
  if (!command) {
    await writeAll(
      process.stderr,
      `${group ? `unknown command: ${group} ${action ?? ''}\n` : ''}${help()}\n`,
    );
    return 2;
  }
  const args = parse(command, rest);
  if ('standalone' in command) {
    await writeAll(process.stdout, `${JSON.stringify(await command.standalone(args), null, 2)}\n`);
    return 0;
  }
  const runtime = await createRuntime(loadConfig());
  try {
    const result = await command.run(args, runtime);
    await writeAll(process.stdout, `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await runtime.close();
  }
}

/**
 * Resolves once the stream has handed `text` to the OS. stdout on a pipe is asynchronous, so exiting
 * right after write() would cut the output at the pipe's buffer size (64 KiB on Linux).
 */
function writeAll(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(text, (err) => (err ? reject(err) : resolve())));
}

main(process.argv.slice(2))
  .catch(async (err: unknown) => {
    const known =
      err instanceof CliError ||
      err instanceof ConfigError ||
      err instanceof BackupError ||
      err instanceof CopyError ||
      isDomainError(err);
    const message = known ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
    await writeAll(process.stderr, `${message}\n`);
    return 1;
  })
  // process.exit, not a natural end: a runtime may keep handles open; the output is written by now.
  .then((code) => process.exit(code));
