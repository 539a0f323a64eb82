import { z } from 'zod';
import { type Block, blockTitle } from './blocks.ts';
import { type DialogFlow, flowOf, loopsWithoutInput, successors } from './dialog-flow.ts';
import { surveyIdSchema } from './dialogs.ts';

/**
 * The pre-flight check before a dialog goes live ('Prüfen'): what is wrong (errors: going live is
 * refused) or risky (warnings: the author confirms them) about a dialog, each with the place to fix it,
 * and what the author should know (info: the end redirects' addresses; neither blocks nor needs confirming).
 * The structural rules are pure and here; the training state is the server's (server/preflight/).
 */

export const PREFLIGHT_CODES = [
  'no_privacy',
  'endless_loop',
  'gpt_no_question',
  'unreachable',
  'training_missing',
  'training_outdated',
  'end_redirect',
  'field_jump_unknown',
] as const;
export type PreflightCode = (typeof PREFLIGHT_CODES)[number];

/** Most serious first: the order of the list. */
export const PREFLIGHT_SEVERITIES = ['error', 'warning', 'info'] as const;
export type PreflightSeverity = (typeof PREFLIGHT_SEVERITIES)[number];

/** Where an issue is fixed: the dialog's settings, the block in the configurator, or its training. */
export const PREFLIGHT_PLACES = ['settings', 'block', 'training'] as const;

export const preflightIssueSchema = z.object({
  code: z.enum(PREFLIGHT_CODES),
  severity: z.enum(PREFLIGHT_SEVERITIES),
  message: z.string(),
  place: z.enum(PREFLIGHT_PLACES),
  /** The block it is about (place block or training), else null. */
  unique_question_id: z.string().nullable(),
});
export type PreflightIssue = z.infer<typeof preflightIssueSchema>;

export const preflightRequest = z.object({ survey_id: surveyIdSchema });
export const preflightResponse = z.object({ issues: z.array(preflightIssueSchema) });
export type PreflightResponse = z.infer<typeof preflightResponse>;

/** The title of the live switch's refusal (400) when the check finds what blocks going live. */
export const PREFLIGHT_REFUSED = 'Der Dialog kann nicht live geschaltet werden';
/** The refusal when only warnings remain, not confirmed (confirm: true). */
export const PREFLIGHT_UNCONFIRMED = 'Hinweise vor dem Live-Schalten nicht bestätigt (confirm: true)';

const ERROR_CODES: ReadonlySet<PreflightCode> = new Set(['no_privacy', 'endless_loop']);
const INFO_CODES: ReadonlySet<PreflightCode> = new Set(['end_redirect']);
export const severityOf = (code: PreflightCode): PreflightSeverity =>
  ERROR_CODES.has(code) ? 'error' : INFO_CODES.has(code) ? 'info' : 'warning';

/** What the live switch weighs: errors and warnings (info items are only shown). */
export const needsAttention = (i: PreflightIssue) => i.severity !== 'info';

/** Errors first, then warnings, then info (stable within each). */
export const bySeverity = (a: PreflightIssue, b: PreflightIssue) =>
  PREFLIGHT_SEVERITIES.indexOf(a.severity) - PREFLIGHT_SEVERITIES.indexOf(b.severity);

/** 'Block 3 „Wie heißen Sie?“': how an issue names a block (its number in the list and its text). */
export function blockName(block: Block): string {
  const text = blockTitle(block).replace(/§§/g, ' ').replace(/\s+/g, ' ').trim();
  const short = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return short ? `Block ${block.order} „${short}“` : `Block ${block.order}`;
}

export function issue(code: PreflightCode, message: string, block: Block | null = null): PreflightIssue {
  return {
    code,
    severity: severityOf(code),
    message,
    place: block === null ? 'settings' : code.startsWith('training_') ? 'training' : 'block',
    unique_question_id: block?.unique_question_id ?? null,
  };
}

/** Where the chat begins: the start_page block, else the first in order. */
const firstBlock = (flow: DialogFlow) => flow.blocks.find((b) => b.start_page === 1) ?? flow.blocks[0];

/** The blocks a respondent can reach from the start, through every option jump, rule on a hidden field and default way on. */
export function reachable(flow: DialogFlow): Set<string> {
  const seen = new Set<string>();
  const first = firstBlock(flow);
  const stack = first ? [first.unique_question_id] : [];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const block = flow.byId.get(id);
    if (!block || seen.has(id)) continue;
    seen.add(id);
    for (const t of successors(flow, block)) if (!seen.has(t)) stack.push(t);
  }
  return seen;
}

/** A free-text block that a trained classifier routes into branches. */
export const routesByTraining = (b: Block) => b.type === 'open_text' && b.options.length > 0;

/** The structural rules: the privacy declaration, loops without input, gpt questions, reachability. */
export function structureIssues(blocks: readonly Block[], privacyText: string): PreflightIssue[] {
  const flow = flowOf(blocks);
  const issues: PreflightIssue[] = [];
  if (privacyText.trim() === '') {
    issues.push(
      issue(
        'no_privacy',
        'Keine Datenschutzerklärung: Die Befragten bestätigen vor dem Start, eine Datenschutzerklärung gelesen zu haben, die es nicht gibt.',
      ),
    );
  }
  const reached = reachable(flow);
  for (const b of flow.blocks) {
    if (loopsWithoutInput(flow, b.unique_question_id) && reached.has(b.unique_question_id)) {
      issues.push(
        issue(
          'endless_loop',
          `${blockName(b)}: Schleife ohne Frage – der Dialog kehrt hierher zurück, ohne etwas zu fragen, und bricht dort ab.`,
          b,
        ),
      );
    }
    if (b.type === 'gpt' && b.question.trim() === '') {
      issues.push(
        issue('gpt_no_question', `${blockName(b)} (GPT-Nachfrage) hat keine Frage an die Befragten.`, b),
      );
    }
    if (!reached.has(b.unique_question_id)) {
      issues.push(issue('unreachable', `${blockName(b)} wird über keinen Pfad erreicht.`, b));
    }
  }
  return issues;
}

/**
 * Where the dialog's ends send respondents (issue 22: the author sees each address before going live):
 * one note per end block with its own redirect, and one for the dialog's ending redirect (settings).
 */
export function redirectNotes(blocks: readonly Block[], endRedirectUrl: string): PreflightIssue[] {
  const notes = blocks.flatMap((b) =>
    b.type === 'end' && b.redirect_url !== ''
      ? [issue('end_redirect', `${blockName(b)}: Weiterleitung am Ende: ${b.redirect_url}`, b)]
      : [],
  );
  if (endRedirectUrl !== '') {
    notes.push(issue('end_redirect', `Weiterleitung am Ende des Dialogs: ${endRedirectUrl}`));
  }
  return notes;
}

/**
 * Rules on hidden fields (field_jumps) that name a field the dialog does not declare: no link can carry
 * it, so the rule never applies (a field renamed or removed after the rule was set).
 */
export function fieldJumpIssues(blocks: readonly Block[], declared: readonly string[]): PreflightIssue[] {
  const known = new Set(declared);
  return blocks.flatMap((b) =>
    [...new Set(b.field_jumps.map((j) => j.field))]
      .filter((field) => !known.has(field))
      .map((field) =>
        issue(
          'field_jump_unknown',
          `${blockName(b)}: Der Sprung nach dem versteckten Feld „${field}“ greift nie – der Dialog hat kein solches Feld (Einstellungen, Versteckte Felder).`,
          b,
        ),
      ),
  );
}
