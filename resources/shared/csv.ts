import type { DataProvider, RaRecord } from 'react-admin';
import { format, type Catalogue } from '../../domain/messages';
import { textAllowed } from '../../domain/text';
import { guardCell, unguardCell } from '../../domain/csvCell';

/** The next page's cursor from a list answer's meta (the providers answer it as `meta.next`), or null on the last. */
const nextOf = (meta: unknown): string | null =>
  meta && typeof meta === 'object' && 'next' in meta && typeof meta.next === 'string' ? meta.next : null;

/** A column of an exported file: its header and how a record fills it. */
export interface CsvColumn<R> {
  header: string;
  value: (record: R) => string | number | boolean | null;
}

/** Rows asked for per call while exporting (the server's page limit). */
const EXPORT_PAGE = 100;

/** Every record of a list under a filter, page after page in the list's own order; `onRows` hears the count so far. */
export async function readAll<R extends RaRecord>(
  dataProvider: DataProvider,
  resource: string,
  filter: Record<string, unknown>,
  onRows: (count: number) => void,
  signal?: AbortSignal,
): Promise<R[]> {
  const all: R[] = [];
  let after: string | null = null;
  do {
    const page: { data: R[]; meta?: unknown } = await dataProvider.getList<R>(resource, {
      pagination: { page: 1, perPage: EXPORT_PAGE },
      filter,
      meta: after ? { after } : undefined,
      signal,
    });
    all.push(...page.data);
    onRows(all.length);
    after = nextOf(page.meta);
  } while (after);
  return all;
}

/**
 * A CSV file of the records: a header line, then one line per record, quoted where needed (papaparse, loaded only
 * when someone exports). It starts with a UTF-8 byte order mark so spreadsheet programs read å, ä and ö.
 */
export async function toCsv<R>(records: readonly R[], columns: readonly CsvColumn<R>[]): Promise<Blob> {
  const { unparse } = await import('papaparse');
  // Every cell through the one guard (domain/csvCell.ts): a formula-looking cell gets a leading ' and quotes, so a
  // spreadsheet shows it, not runs it, multi-line ones too (papaparse's escapeFormulae misses those: not used).
  const data = records.map((r) => columns.map((c) => guardCell(String(c.value(r) ?? ''))));
  const text = unparse(
    { fields: columns.map((c) => c.header), data },
    { newline: '\r\n', quotes: (cell: unknown) => typeof cell === 'string' && unguardCell(cell) !== cell },
  );
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

/** Hands a file to the browser to save under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name with today's date: products-2026-11-23.csv. */
export const datedName = (stem: string, today = new Date()): string =>
  `${stem}-${today.toISOString().slice(0, 10)}.csv`;

/** A file's text as UTF-8 (FileReader, which every browser and jsdom have). */
const readText = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file, 'utf-8');
  });

/**
 * A CSV file read as records of cells by header (headers trimmed and lower-cased), each with its row number as a
 * spreadsheet shows it (the header is row 1); blank rows are skipped but still counted. A cell the export guarded
 * ('=…) reads as its value again (domain/csvCell.ts). Throws why it could not be read.
 */
export async function parseCsv(
  file: File,
): Promise<{ headers: string[]; rows: { row: number; cells: Record<string, string> }[] }> {
  const { parse } = await import('papaparse');
  const text = await readText(file);
  const result = parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    transformHeader: (h) => h.trim().toLowerCase(),
    // The export's guard taken off (domain/csvCell.ts), so a file read back holds the values it was written from.
    transform: unguardCell,
  });
  const fatal = result.errors.find((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes');
  if (fatal) throw new Error(fatal.row !== undefined ? `${fatal.message} (${fatal.row + 2})` : fatal.message);
  const rows = result.data
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter(({ cells }) => Object.values(cells).some((v) => typeof v === 'string' && v.trim() !== ''));
  return { headers: result.meta.fields ?? [], rows };
}

/**
 * The rows to send from a read file, or the one reason the file as a whole cannot be checked: a column missing or
 * unknown, no rows, or a cell no server takes (a control character: named with its row, before anything is sent).
 * A row cut short still has the file's columns, empty; a column the file lacks is left out of every row.
 */
export function importRows(
  file: { headers: string[]; rows: { row: number; cells: Record<string, string> }[] },
  columns: { known: readonly string[]; required: readonly string[] },
  m: Catalogue,
): { rows: { line: number; cells: Record<string, string> }[] } | { problem: string } {
  // parseCsv lower-cases the headers: a column is known by its name in any case ('contactPerson').
  const header = (c: string): string => c.toLowerCase();
  const unknown = file.headers.find((h) => !columns.known.some((c) => header(c) === h));
  if (unknown !== undefined) return { problem: format(m.csv.unknownColumn, { name: unknown || '""' }) };
  const missing = columns.required.find((c) => !file.headers.includes(header(c)));
  if (missing) return { problem: format(m.csv.missingColumn, { name: missing }) };
  if (file.rows.length === 0) return { problem: m.csv.empty };
  const present = columns.known.filter((c) => file.headers.includes(header(c)));
  const rows: { line: number; cells: Record<string, string> }[] = [];
  for (const { row, cells } of file.rows) {
    const picked: Record<string, string> = {};
    for (const c of present) {
      const v = cells[header(c)] ?? '';
      if (typeof v !== 'string') continue;
      if (!textAllowed(v, 'any'))
        return { problem: format(m.csv.rowProblem, { line: row, message: m.errors.badText }) };
      picked[c] = v;
    }
    rows.push({ line: row, cells: picked });
  }
  return { rows };
}
