import {
  blockName,
  bySeverity,
  issue,
  needsAttention,
  PREFLIGHT_REFUSED,
  PREFLIGHT_UNCONFIRMED,
  type PreflightIssue,
  redirectNotes,
  routesByTraining,
  structureIssues,
} from '../../contract/preflight.ts';
import type { AppContext } from '../context.ts';
import { listBlocks } from '../dialogs/queries.ts';
import { blockFromRow, settingsFromRow } from '../dialogs/rows.ts';
import { switchActive } from '../dialogs/settings.ts';
import { ApiError } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { trainingStatus } from '../training/trainer.ts';

/**
 * The pre-flight check (contract/preflight.ts) with what only the server knows, the training state of
 * each free-text block with branches, and the live switch that runs it. It sits above dialogs and
 * training, since it reads both.
 */

/** POST /api/preflight: everything wrong or risky about the dialog, errors first, then what to know. */
export async function preflight(ctx: AppContext, access: DialogAccess): Promise<PreflightIssue[]> {
  const blocks = (await listBlocks(ctx.db, access.survey.id)).map((r) =>
    blockFromRow(r, access.survey.survey_id),
  );
  const settings = settingsFromRow(access.survey);
  const issues = structureIssues(blocks, settings.privacy_declaration_text);
  for (const block of blocks.filter(routesByTraining)) {
    const status = await trainingStatus(ctx, access, block.unique_question_id);
    if (status.status === 'done' || status.status === 'training') continue;
    issues.push(
      status.version === 0
        ? issue(
            'training_missing',
            `${blockName(block)}: Die Zweige wurden noch nie trainiert; Antworten werden nur nach den Beschriftungen zugeordnet.`,
            block,
          )
        : issue(
            'training_outdated',
            `${blockName(block)}: Das Training ist veraltet (Beispiele oder Zweige wurden geändert).`,
            block,
          ),
    );
  }
  issues.push(...redirectNotes(blocks, settings.end_redirect_url));
  return issues.sort(bySeverity);
}

/**
 * POST /api/switch_activate_link: going live runs the check first and is refused (400, the problems
 * named) while errors remain, or while warnings remain that the author has not confirmed. Switching
 * inactive, or a dialog that is live already, needs no check.
 */
export async function switchLive(ctx: AppContext, access: DialogAccess, active: boolean, confirmed: boolean) {
  if (active && access.survey.active !== 1) {
    // The info items (the redirect addresses) are for the author's eyes; they never hold the switch.
    const issues = (await preflight(ctx, access)).filter(needsAttention);
    const errors = issues.filter((i) => i.severity === 'error');
    if (errors.length > 0 || (issues.length > 0 && !confirmed)) {
      const shown = errors.length > 0 ? errors : issues;
      throw new ApiError(
        400,
        errors.length > 0 ? PREFLIGHT_REFUSED : PREFLIGHT_UNCONFIRMED,
        shown.map((i) => i.message).join(' · '),
      );
    }
  }
  return switchActive(ctx, access, active);
}
