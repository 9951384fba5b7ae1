// CSV as RFC 4180 has it (the activity log's and audit trails' exports): CRLF line ends, a cell quoted when it
// holds a quote, a comma or a line break. Opened in a spreadsheet, a cell starting with = + - or @ would be a
// formula: such a value is prefixed with `'`.

/** One cell: formula-safe, quoted when it must be (quotes doubled). */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, with its CRLF. */
export const csvLine = (cells: (string | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
