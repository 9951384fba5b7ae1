/**
 * The rules for text people type, without zod: the schemas (common.ts) hand them to zod, and the web app checks
 * a spreadsheet's 10,000 rows by exactly the same rules before sending them (a row the API would refuse must
 * be named in the preview, not fail the whole send).
 */

/** What an email address must look like: zod's own default (`z.email()`) written out. ASCII, a domain with a TLD. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Characters that show nothing: white space, format and default-ignorable characters (ZWSP, bidi marks...). */
const INVISIBLE = /[\s\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Control characters; multi-line text keeps tab and line breaks. */
const CONTROL = /\p{Cc}/u;
const CONTROL_MULTI_LINE = /[^\P{Cc}\t\n\r]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The one rule for text people read (names, titles, labels, subjects, messages, filenames): no control
 * characters (tab and line breaks allowed when `multiLine`), no unpaired surrogate halves, and when given,
 * something visible once invisible characters are removed. What is wrong with `text`, or null.
 */
export function unreadable(text: string, options: { multiLine?: boolean } = {}): string | null {
  if ((options.multiLine ? CONTROL_MULTI_LINE : CONTROL).test(text))
    return 'must not contain control characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired surrogates';
  if (text !== '' && text.replace(INVISIBLE, '') === '') {
    return 'must contain visible characters, not only spaces or invisible ones';
  }
  return null;
}
