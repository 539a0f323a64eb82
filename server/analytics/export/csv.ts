/**
 * CSV for German Excel: ';' between fields, decimal commas, UTF-8 with a byte order mark (without it
 * Excel reads the file as Windows-1252). csv-stringify is not installed; the rules fit in one function.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export type CsvValue = string | number | null;

/**
 * One field: numbers with a decimal comma; text quoted when it holds the separator, a quote, a line
 * break or edge spaces (quotes doubled); text that Excel would run as a formula (=, +, -, @, tab, CR at
 * the start) gets a leading apostrophe, since respondents write it.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvField).join(CSV_SEPARATOR)}\r\n`;
