import fs from 'node:fs';
import path from 'node:path';
import { createTemplate, getTemplateDetail, listTemplates, templateFromManifest } from '@countersign/core';
import { formatIssueLine, formatIssues, TemplateManifestSchema } from '@countersign/schemas';
import { accountCommand, CliError, required } from '../command.ts';

export const templatesCreate = accountCommand({
  usage: 'pnpm cli templates create --account ID --manifest FILE.json',
  options: { manifest: { type: 'string' } },
  async run(args, runtime, accountId) {
    const manifestPath = path.resolve(required(args, 'manifest', this.usage));
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(
        `cannot read ${manifestPath}: ${code ?? `not valid JSON (${(err as Error).message})`}`,
      );
    }
    const parsed = TemplateManifestSchema.safeParse(json);
    if (!parsed.success) {
      throw new CliError(
        `${manifestPath}:\n${formatIssues(parsed.error)
          .map((i) => `  ${formatIssueLine(i)}`)
          .join('\n')}`,
      );
    }
    // Document paths are relative to the manifest, wherever the command runs from.
    const base = path.dirname(manifestPath);
    const template = templateFromManifest(parsed.data, (entry) => {
      const file = path.resolve(base, entry);
      try {
        return fs.readFileSync(file);
      } catch (err) {
        throw new CliError(
          `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        );
      }
    });
    return createTemplate(runtime.ctx, accountId, template);
  },
});

export const templatesList = accountCommand({
  usage: 'pnpm cli templates list --account ID',
  async run(_args, runtime, accountId) {
    return await listTemplates(runtime.ctx, accountId);
  },
});

export const templatesShow = accountCommand({
  usage: 'pnpm cli templates show --account ID --template-id ID',
  options: { 'template-id': { type: 'string' } },
  async run(args, runtime, accountId) {
    return await getTemplateDetail(runtime.ctx, accountId, required(args, 'template-id', this.usage));
  },
});
