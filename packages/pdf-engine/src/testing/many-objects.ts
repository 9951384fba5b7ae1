/**
 * A valid one-page PDF of `objects` small objects in about `bytes` bytes, built directly (a classic xref table):
 * the shape that costs the PDF libraries the most memory per byte (pdf-lib holds every object it parses). Used
 * by the memory-bound test and bench; never committed (52 MB takes well under a second to build).
 */
export function manyObjectPdf(objects: number, bytes: number): Uint8Array {
  const head = '%PDF-1.7\n%\xE2\xE3\xCF\xD3\n';
  const fixed = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  const count = fixed.length + objects;
  // Each filler's string is padded so that the file stays within `bytes` (objects plus their 20-byte xref rows).
  const filler = (i: number, pad: string) => `${i} 0 obj\n<< /Type /Filler /N ${i} /S (${pad}) >>\nendobj\n`;
  const overhead = filler(count, '').length + 20;
  const pad = 'x'.repeat(Math.max(0, Math.floor((bytes - 1024) / Math.max(1, objects)) - overhead));
  const chunks: string[] = [head];
  const offsets: number[] = [];
  let length = head.length;
  for (let i = 1; i <= count; i++) {
    const text = i <= fixed.length ? `${i} 0 obj\n${fixed[i - 1]}\nendobj\n` : filler(i, pad);
    offsets.push(length);
    chunks.push(text);
    length += text.length;
  }
  chunks.push(`xref\n0 ${count + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) chunks.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  chunks.push(`trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(chunks.join(''), 'latin1');
}
