import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '@countersign/test-support';
import { describe, expect, it } from 'vitest';

const PACKAGE = path.join(import.meta.dirname, '..');

// A schema change must come with a migration for each server (`pnpm db:generate` writes both). drizzle-kit,
// run on a copy of the committed migrations, finds nothing left to write.
describe.each([
  ['sqlite', 'migrations'],
  ['postgresql', 'migrations-postgres'],
])('the %s migrations', (dialect, folder) => {
  it('match the schema', () => {
    const out = path.join(tempDir('countersign-migrations-'), folder);
    fs.cpSync(path.join(PACKAGE, folder), out, { recursive: true });
    const schema = dialect === 'sqlite' ? 'src/schema/index.ts' : 'src/postgres/tables.ts';
    const config = path.join(PACKAGE, `drizzle.check-${dialect}-${process.pid}.config.ts`);
    fs.writeFileSync(
      config,
      `export default { dialect: '${dialect}', schema: './${schema}', out: ${JSON.stringify(path.relative(PACKAGE, out))} };\n`,
    );
    try {
      const run = spawnSync('pnpm', ['exec', 'drizzle-kit', 'generate', '--config', path.basename(config)], {
        cwd: PACKAGE,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('No schema changes');
      expect(fs.readdirSync(out).sort()).toEqual(fs.readdirSync(path.join(PACKAGE, folder)).sort());
    } finally {
      fs.rmSync(config, { force: true });
    }
  }, 90_000);
});
