import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { GENERATED_FILE, openApiTypes, servedDocument } from '../scripts/openapi-types.ts';

// CI's proof that the checked-in types are the served document's: generate them again and compare.
it('src/generated/openapi.ts is what the served OpenAPI document generates (else: pnpm --filter @countersign/client generate)', async () => {
  const checkedIn = await readFile(path.resolve(import.meta.dirname, '..', GENERATED_FILE), 'utf8');
  const fresh = await openApiTypes(await servedDocument());
  // One line's difference is enough to fail; the message names the first one rather than dumping 300 KB.
  const [a, b] = [checkedIn.split('\n'), fresh.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  expect(
    line === -1 && a.length === b.length ? null : { line: line + 1, checkedIn: a[line], generated: b[line] },
  ).toBeNull();
});
