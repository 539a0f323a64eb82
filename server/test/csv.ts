import { parse } from 'csv-parse/sync';

/** A csv export's body (UTF-8 with BOM, ';' separated) as rows of cells, the header first. */
export const csvRows = (body: string): string[][] =>
  parse(body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
