import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderEmail } from '../src/index.ts';
import { samples } from './samples.ts';

// Writes every sample's HTML and text to a folder to open in a browser:
//   pnpm --filter @countersign/emails preview [outDir]
const outDir = process.argv[2] ?? '/tmp/email-previews';
mkdirSync(outDir, { recursive: true });

for (const [name, message] of Object.entries(samples)) {
  const email = renderEmail(message);
  writeFileSync(join(outDir, `${name}.html`), email.html);
  writeFileSync(join(outDir, `${name}.txt`), `Subject: ${email.subject}\n\n${email.text}`);
  console.log(`${name.padEnd(16)} ${email.subject}`);
}
console.log(`written to ${outDir}`);
