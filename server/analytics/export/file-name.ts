import type { ExportFormat } from '../../../contract/analytics.ts';
import { asciiFileName, safeFileName } from '../../../contract/analytics-files.ts';

/** The file's name: the dialog's (or game's) name kept as it reads, less what a file system refuses. */
export function exportFileName(name: string, format: ExportFormat): string {
  return `${safeFileName(name, 'Export')}.${format}`;
}

/** RFC 5987 ext-value: UTF-8, percent-encoded beyond attr-char (encodeURIComponent leaves ' ( ) * as they are). */
const extValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266, filename* per RFC 5987). */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${extValue(fileName)}`;
}
