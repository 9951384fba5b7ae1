import { describe, expect, it } from 'vitest';
import {
  fieldName,
  namePaths,
  problemsText,
  type TemplateFacts,
  templateAdvice,
  templateProblems,
} from '../src/template-readiness.ts';

const LETTER = { width: 612, height: 792 };
type Field = TemplateFacts['fields'][number];
const field = (more: Partial<Field> = {}): Field => ({
  label: 'Buyer signature',
  type: 'signature',
  role: 'Buyer',
  document: 0,
  page: 1,
  x: 72,
  y: 600,
  width: 180,
  height: 40,
  ...more,
});
const template = (fields: Field[], roles = ['Buyer']): TemplateFacts => ({
  roles,
  documents: [{ pageSizes: [LETTER, LETTER] }],
  fields,
});
const messages = (t: TemplateFacts) => templateProblems(t).map((p) => p.message);

describe('templateProblems', () => {
  it('finds nothing in a template whose every role signs inside its page', () => {
    expect(templateProblems(template([field()]))).toEqual([]);
  });

  it('flags a role without a signature field (its signer would finish without signing)', () => {
    expect(templateProblems(template([field()], ['Buyer', 'Seller']))).toEqual([
      { message: 'Seller has no signature field', reason: 'has no signature field', role: 'Seller' },
    ]);
    // Initials are not a signature.
    expect(messages(template([field({ type: 'initials', label: 'Buyer initials' })]))).toEqual([
      'Buyer has no signature field',
    ]);
  });

  it('flags a template with no role', () => {
    expect(messages(template([], []))).toEqual(['the template has no role: add one']);
  });

  it('flags a width or height of 0, naming the field by label and role', () => {
    expect(templateProblems(template([field({ width: 0 })]))).toEqual([
      {
        message: '"Buyer signature" (Buyer) is 0 x 40 points: it needs a width and height above 0',
        reason: 'is 0 x 40 points: it needs a width and height above 0',
        field: 0,
      },
    ]);
    expect(messages(template([field({ height: -3 })]))[0]).toContain('is 180 x -3 points');
  });

  it('flags a field off the page, on a page or document that does not exist', () => {
    expect(messages(template([field({ x: 500 })]))).toEqual([
      '"Buyer signature" (Buyer) is partly off the page (x 500, y 600, 180 x 40 on a page of 612 x 792 points)',
    ]);
    expect(messages(template([field({ y: -1 })]))[0]).toContain('is partly off the page');
    expect(messages(template([field({ page: 3 })]))).toEqual([
      '"Buyer signature" (Buyer) is on page 3, which does not exist (the document has 2 pages)',
    ]);
    expect(messages(template([field({ document: 4 })]))).toEqual([
      '"Buyer signature" (Buyer) is on a document the template does not have',
    ]);
    expect(messages(template([field({ x: Number.NaN })]))[0]).toContain('not a number');
  });

  it('flags a missing label, a signature without a role and an unknown role', () => {
    const t = template([
      field(),
      field({ label: ' ', type: 'text', role: null, y: 100 }),
      field({ label: 'Lost signature', role: null, y: 200 }),
      field({ label: 'Notes', type: 'text', role: 'Nobody', y: 300 }),
    ]);
    expect(messages(t)).toEqual([
      'the unlabelled text field on page 1 (filled by the sender) needs a label',
      '"Lost signature" (filled by the sender) needs a role (only a signer can sign)',
      '"Notes" (Nobody) has role Nobody, which is not one of the template\'s roles (Buyer)',
    ]);
    expect(templateProblems(t).map((p) => p.field)).toEqual([1, 2, 3]);
  });
});

describe('templateAdvice', () => {
  it('points out overlaps and repeated labels without blocking the send', () => {
    const t = template([field(), field({ x: 100, label: 'buyer signature ' })]);
    expect(templateProblems(t)).toEqual([]);
    expect(templateAdvice(t).map((p) => [p.field, p.reason])).toEqual([
      [0, 'has the same label as another field'],
      [1, 'has the same label as another field'],
      [0, 'overlaps buyer signature'],
      [1, 'overlaps Buyer signature'],
    ]);
  });

  it('does not count fields on different pages or touching edges as overlapping', () => {
    const t = template([field(), field({ label: 'B', page: 2 }), field({ label: 'C', x: 252 })]);
    expect(templateAdvice(t)).toEqual([]);
  });
});

describe('fieldName and problemsText', () => {
  it('names a sender-filled field and lists at most the first problems', () => {
    expect(fieldName({ label: 'Rent', type: 'text', role: null, page: 2 })).toBe(
      '"Rent" (filled by the sender)',
    );
    const many = Array.from({ length: 22 }, (_, i) => `p${i}`);
    expect(problemsText(many)).toBe(`${many.slice(0, 20).join('; ')}; and 2 more`);
    expect(problemsText(['a', 'b'])).toBe('a; b');
  });
});

describe('namePaths', () => {
  it("names the API's fields[i] paths by label and role, a long label cut short", () => {
    const fields = [field(), field({ label: 'x'.repeat(501), type: 'text', role: null })];
    expect(namePaths('fields[0].width: must be a number greater than 0; fields[7]: unknown', fields)).toBe(
      '"Buyer signature" (Buyer), width: must be a number greater than 0; fields[7]: unknown',
    );
    expect(namePaths('fields[1].label: must be at most 500 characters', fields)).toBe(
      `"${'x'.repeat(40)}…" (filled by the sender), label: must be at most 500 characters`,
    );
  });
});
