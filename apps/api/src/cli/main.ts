import { ConfigError, loadConfig } from '@countersign/config';
import { createRuntime, isDomainError } from '@countersign/core';
import { CliError, type Command, parse } from './command.ts';
import { accountsCreate, accountsSetAllowance } from './commands/accounts.ts';
import { driveConnect, driveList, drivePut, driveRemove } from './commands/drive.ts';
import { mailList } from './commands/mail.ts';
import { templatesCreate, templatesList, templatesShow } from './commands/templates.ts';
import { tokensCreate, tokensList, tokensRevoke } from './commands/tokens.ts';
import { webhooksCreate, webhooksDelete, webhooksList } from './commands/webhooks.ts';

/** `group action` -> command; the usage text lists them in this order. */
const COMMANDS: Record<string, Command> = {
  'accounts create': accountsCreate,
  'accounts set-allowance': accountsSetAllowance,
  'templates create': templatesCreate,
  'templates list': templatesList,
  'templates show': templatesShow,
  'tokens create': tokensCreate,
  'tokens list': tokensList,
  'tokens revoke': tokensRevoke,
  'mail list': mailList,
  'drive put': drivePut,
  'drive list': driveList,
  'drive remove': driveRemove,
  'drive connect': driveConnect,
  'webhooks create': webhooksCreate,
  'webhooks list': webhooksList,
  'webhooks delete': webhooksDelete,
};

function help(): string {
  return `usage: pnpm cli <group> <action> [options]\n\n${Object.values(COMMANDS)
    .map((c) => `  ${c.usage}`)
    .join('\n')}`;
}

async function main(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  const command = COMMANDS[`${group} ${action}`];
  if (!command) {
    process.stderr.write(`${group ? `unknown command: ${group} ${action ?? ''}\n` : ''}${help()}\n`);
    return 2;
  }
  const args = parse(command, rest);
  const runtime = createRuntime(loadConfig());
  try {
    const result = await command.run(args, runtime);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CliError || err instanceof ConfigError || isDomainError(err)) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
