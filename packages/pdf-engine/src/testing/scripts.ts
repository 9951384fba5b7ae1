/**
 * Names and values in the scripts people write names in, for tests and benchmarks of text
 * stamping (this package's and the API's end-to-end ones).
 */
export const MULTI_SCRIPT_VALUES = [
  'Łódź Müller-Øst Ñúñez',
  'Zoë Иванова-Παππά 42',
  '株式会社 山田太郎',
  'さくら ゆうこ',
  '김민준',
  'مرحبا محمد العلي',
  'שלום כהן 42',
  'राम किशोर शर्मा',
  'தமிழ் செல்வன்',
  'স্বাগতম রহিম',
  'สวัสดีครับ สมชาย',
] as const;

/** Direction controls that extractors add around right-to-left text, and isolates. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Whether extracted text holds `value` as typed. Right-to-left words may come out in visual
 * order (pdftotext reverses them), so for a value with right-to-left characters every word
 * must be there, as typed or reversed.
 */
export function extractedContains(extracted: string, value: string): boolean {
  const text = extracted.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ');
  if (text.includes(value)) return true;
  if (!/[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(value)) return false;
  return value
    .split(/\s+/)
    .every((word) => text.includes(word) || text.includes(Array.from(word).reverse().join('')));
}
