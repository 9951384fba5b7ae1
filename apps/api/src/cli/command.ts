import { parseArgs } from 'node:util';
import type { Runtime } from '@countersign/core';

/** An admin command: JSON result on stdout; a thrown CliError becomes a message on stderr and exit 1. */
export type Command = RuntimeCommand | StandaloneCommand;

interface CommandBase {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
}

/** Works on the configured DATA_DIR through a runtime (the database opened and migrated). */
export interface RuntimeCommand extends CommandBase {
  run(args: CommandArgs, runtime: Runtime): Promise<unknown> | unknown;
}

/** Must not open DATA_DIR (restore creates one): no runtime. */
export interface StandaloneCommand extends CommandBase {
  standalone(args: CommandArgs): Promise<unknown>;
}

export interface CommandArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export class CliError extends Error {
  override name = 'CliError';
}

export function parse(command: Command, argv: string[]): CommandArgs {
  try {
    return parseArgs({ args: argv, options: command.options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\nusage: ${command.usage}`);
  }
}

/** A required string option, or a CliError naming it. */
export function required(args: CommandArgs, name: string, usage: string): string {
  const value = args.values[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} is required\nusage: ${usage}`);
  return value;
}

/**
 * A command about one account: `--account ID` is added to its options and required before anything else, and
 * `run` gets the id.
 */
export function accountCommand(command: {
  usage: string;
  options?: CommandBase['options'];
  run(args: CommandArgs, runtime: Runtime, accountId: string): Promise<unknown>;
}): RuntimeCommand {
  return {
    usage: command.usage,
    options: { account: { type: 'string' }, ...command.options },
    run: async (args, runtime) => command.run(args, runtime, required(args, 'account', command.usage)),
  };
}

export function optional(args: CommandArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}
