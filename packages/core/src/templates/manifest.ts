import path from 'node:path';
import type { TemplateManifest } from '@countersign/schemas';
import type { NewTemplate } from './create.ts';
import { Problems } from './field-rules.ts';

/**
 * A manifest plus the bytes of its documents as createTemplate takes them. `documents` entries are paths
 * (CLI, relative to the manifest) or file names (upload); each document is stored under its file name, and a
 * field's `document` may give either the entry as written or that file name.
 */
export function templateFromManifest(
  manifest: TemplateManifest,
  bytesOf: (entry: string) => Uint8Array,
): NewTemplate {
  const filenames = manifest.documents.map((entry) => path.posix.basename(entry.replaceAll('\\', '/')));
  const byEntry = new Map<string, string>();
  manifest.documents.forEach((entry, i) => {
    byEntry.set(entry, filenames[i]!);
    if (!byEntry.has(filenames[i]!)) byEntry.set(filenames[i]!, filenames[i]!);
  });
  const problems = new Problems();
  manifest.documents.forEach((_, i) => {
    const first = filenames.indexOf(filenames[i]!);
    if (first !== i)
      problems.add(`documents[${i}]: "${filenames[i]}" has the same file name as documents[${first}]`);
  });
  problems.throwIfAny();
  return {
    name: manifest.name,
    documents: manifest.documents.map((entry, i) => ({ filename: filenames[i]!, bytes: bytesOf(entry) })),
    roles: manifest.roles,
    roleColors: manifest.roleColors,
    defaultLocale: manifest.defaultLocale ?? null,
    fields: manifest.fields.map((f) => ({ ...f, document: byEntry.get(f.document) ?? f.document })),
  };
}
