import type { AuditEntry } from '../../contract/audit.ts';

/**
 * The audit log as CSV (RFC 4180, ',' and UTF-8 with a byte order mark so that spreadsheet programs read
 * the umlauts); text a spreadsheet would run as a formula gets a leading apostrophe.
 */
const HEADER = ['id', 'time', 'actor_id', 'actor', 'address', 'action', 'dialog', 'details'];

function field(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = entries.map((e) =>
    [
      e.id,
      new Date(e.at).toISOString(),
      e.actor_id,
      e.actor_name,
      e.address,
      e.action,
      e.survey_id,
      JSON.stringify(e.details),
    ]
      .map(field)
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
