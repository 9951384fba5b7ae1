import Papa from 'papaparse';

/** A spreadsheet as the bulk send reads it: its first row's headers, then every other row's cells as text. */
export interface Sheet {
  headers: string[];
  rows: string[][];
}

/** A file that is not a spreadsheet this page reads, said in the person's words. */
export class SheetError extends Error {}

/** CSV (any delimiter papaparse detects, quoted fields, a BOM) or XLSX (its first sheet), by extension or type. */
export async function readSheet(file: File): Promise<Sheet> {
  const xlsx =
    /\.xlsx$/i.test(file.name) ||
    file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const cells = xlsx ? await xlsxCells(file) : csvCells(await file.text());
  const [headers, ...rows] = cells.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (!headers) throw new SheetError('The file has no rows.');
  return { headers: headers.map((h) => h.trim()), rows };
}

export function csvCells(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data;
}

/** The first sheet, each cell as the text a person sees: dates as yyyy-mm-dd, numbers as written. */
async function xlsxCells(file: File): Promise<string[][]> {
  // Loaded on demand: the XLSX reader (unzip and XML) is only for those who pick a workbook.
  const { readSheet: readXlsx } = await import('read-excel-file/browser');
  let data: unknown[][];
  try {
    data = await readXlsx(file);
  } catch {
    throw new SheetError('This is not an XLSX workbook this page can read. Save it as .xlsx or .csv.');
  }
  return data.map((row) => row.map(cellText));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}
