/** Example sets as the evaluation command reads them: CSV with a `label,text` header, or a JSON corpus. */
import { parse } from 'csv-parse/sync';
import type { Example } from './classifier.ts';

export function parseCsvExamples(csv: string): Example[] {
  return parseCsvRows(csv).map(({ label, text }) => ({ label, text }));
}

/**
 * The rows of a CSV with a `label,text` header (columns found by name; `;` instead of `,` when the
 * header uses it, as Excel writes CSV in German), each with its line in the file. A row the file does
 * not mean as written is refused with its line, not skipped or cut silently.
 */
export function parseCsvRows(csv: string): (Example & { line: number })[] {
  const firstLine = csv.slice(0, csv.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With info, csv-parse gives each record with its line; its types describe the plain records only.
    rows = parse(csv, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof rows;
  } catch (error) {
    throw new Error(`CSV nicht lesbar: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...data] = rows;
  const columns = header?.record.map((c) => c.toLowerCase()) ?? [];
  const label = columns.indexOf('label');
  const text = columns.indexOf('text');
  if (!header || label === -1 || text === -1) throw new Error('CSV braucht die Kopfzeile label,text');
  return data.map(({ record, info }) => {
    if (record.length !== columns.length) {
      throw new Error(
        `CSV Zeile ${info.lines}: ${record.length} statt ${columns.length} Felder (Text mit ${delimiter === ';' ? 'Semikolon' : 'Komma'} in Anführungszeichen setzen)`,
      );
    }
    const example = { label: record[label]!, text: record[text]!, line: info.lines };
    if (example.label === '' || example.text === '') {
      throw new Error(`CSV Zeile ${info.lines}: label und text dürfen nicht leer sein`);
    }
    return example;
  });
}

/** A corpus of the NLU evaluation set (Braun et al.): sentences with text, intent and training flag. */
export function parseCorpus(json: string): { train: Example[]; test: Example[] } {
  const data: unknown = JSON.parse(json);
  const sentences = (data as { sentences?: unknown }).sentences;
  if (!Array.isArray(sentences)) throw new Error('Korpus ohne sentences');
  const train: Example[] = [];
  const test: Example[] = [];
  for (const s of sentences as { text?: unknown; intent?: unknown; training?: unknown }[]) {
    if (typeof s.text !== 'string' || typeof s.intent !== 'string') continue;
    (s.training === true ? train : test).push({ label: s.intent, text: s.text });
  }
  return { train, test };
}
