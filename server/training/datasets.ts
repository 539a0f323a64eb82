/** Example sets as the evaluation command reads them: CSV with a `label,text` header, or a JSON corpus. */
import { parse } from 'csv-parse/sync';
import type { Example } from './classifier.ts';

export function parseCsvExamples(csv: string): Example[] {
  const records: Record<string, string>[] = parse(csv, {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
  });
  const first = records[0];
  if (first && (!('label' in first) || !('text' in first))) {
    throw new Error('CSV braucht die Kopfzeile label,text');
  }
  return records
    .map((r) => ({ label: r.label ?? '', text: r.text ?? '' }))
    .filter((e) => e.label !== '' && e.text !== '');
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
