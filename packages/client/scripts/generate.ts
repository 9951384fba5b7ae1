import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_FILE, openApiTypes, servedDocument } from './openapi-types.ts';

// `pnpm --filter @countersign/client generate`: rewrites the checked-in types from the served document.
const target = path.resolve(import.meta.dirname, '..', GENERATED_FILE);
await writeFile(target, await openApiTypes(await servedDocument()));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
