import type { FieldPlacement, PageGeometry, Rect } from '../src/index.ts';
import { SIGNATURE_PAGE_SIZES } from '../src/index.ts';

const EPS = 1e-6;

export function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width - EPS &&
    b.x < a.x + a.width - EPS &&
    a.y < b.y + b.height - EPS &&
    b.y < a.y + a.height - EPS
  );
}

/** Problems found in a layout: overlapping fields, fields outside their page, bad ownership. */
export function layoutProblems(
  fields: FieldPlacement[],
  pages: Pick<PageGeometry, 'width' | 'height'>[],
  signerCount: number,
  signaturePage = SIGNATURE_PAGE_SIZES.letter,
): string[] {
  const problems: string[] = [];
  const byPage = new Map<number, FieldPlacement[]>();
  for (const f of fields) {
    const size = f.page <= pages.length ? pages[f.page - 1] : signaturePage;
    if (!size) {
      problems.push(`field on unknown page ${f.page}`);
      continue;
    }
    if (!(f.width > 0 && f.height > 0)) problems.push(`empty field ${JSON.stringify(f)}`);
    if (f.x < -EPS || f.y < -EPS || f.x + f.width > size.width + EPS || f.y + f.height > size.height + EPS) {
      problems.push(`field outside page ${f.page} (${size.width}x${size.height}): ${JSON.stringify(f)}`);
    }
    if (!Number.isInteger(f.signer) || f.signer < 0 || f.signer >= signerCount)
      problems.push(`bad signer ${f.signer}`);
    byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);
  }
  for (const [page, list] of byPage) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (overlaps(list[i]!, list[j]!))
          problems.push(`overlap on page ${page}: ${JSON.stringify([list[i], list[j]])}`);
      }
    }
  }
  for (let signer = 0; signer < signerCount; signer++) {
    for (let page = 1; page <= pages.length; page++) {
      const count = fields.filter(
        (f) => f.signer === signer && f.page === page && f.kind === 'initials',
      ).length;
      if (count !== 1) problems.push(`signer ${signer} has ${count} initials on page ${page}`);
    }
    for (const kind of ['signature', 'name', 'date'] as const) {
      const count = fields.filter(
        (f) => f.signer === signer && f.kind === kind && f.page > pages.length,
      ).length;
      if (count !== 1) problems.push(`signer ${signer} has ${count} ${kind} fields on the signature pages`);
    }
  }
  return problems;
}
