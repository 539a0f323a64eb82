import { AUDIT_ACTIONS, type AuditAction } from '../../../contract/audit.ts';

/** The screen's filter fields as typed: '' for an unset field, dates as the date inputs give them. */
export interface AuditForm {
  action: AuditAction | '';
  user: string;
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

export const EMPTY_FORM: AuditForm = { action: '', user: '', from: '', to: '' };

export interface AuditQuery {
  action?: AuditAction;
  actor?: string;
  from?: number;
  to?: number;
  survey_id?: string;
}

const DAY_MS = 86_400_000;

/** Local midnight of a 'YYYY-MM-DD' date, or undefined for anything else. */
function localDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(at) ? undefined : at;
}

/**
 * The log call's filters: 'Von' from the start of its day, 'Bis' to the end of its day (in the browser's
 * time zone, as the table shows times), the exact username, and the dialog of /protokoll/{survey_id}.
 */
export function auditQuery(form: AuditForm, surveyId?: string): AuditQuery {
  const from = localDay(form.from);
  const to = localDay(form.to);
  const user = form.user.trim();
  return {
    ...(form.action && AUDIT_ACTIONS.includes(form.action) ? { action: form.action } : {}),
    ...(user ? { actor: user } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to: to + DAY_MS - 1 } : {}),
    ...(surveyId ? { survey_id: surveyId } : {}),
  };
}

/** 'Protokoll_2026-05-01' or 'Protokoll_<dialog>_2026-05-01': the CSV file's name. */
export function csvFileName(today: Date, surveyId?: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `Protokoll_${surveyId ? `${surveyId}_` : ''}${day}.csv`;
}
