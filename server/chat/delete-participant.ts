import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { recordRespondentDeleted } from '../webhooks/outbox.ts';
import { notRegistered, ONLY_PARTICIPANTS_DELETE } from './errors.ts';
import { deleteParticipantData, findLiveChat, isRegisteredAnywhere } from './queries.ts';
import { ownerOf, runChatTurn } from './turn-pipeline.ts';

/**
 * POST /api/restart_delete with action delete: a live participant's data of this dialog is removed and
 * their refresh tokens revoked; it works on inactive dialogs too, and again when nothing is left.
 */
export async function deleteParticipant(ctx: AppContext, principal: Principal, surveyId: string) {
  if (principal.kind !== 'live') throw forbidden(ONLY_PARTICIPANTS_DELETE);
  const survey = await findLiveChat(ctx.db, surveyId, principal.id);
  if (!survey) throw notFound(DIALOG_NOT_FOUND);
  await runChatTurn(ctx, {
    owner: ownerOf(principal),
    read: async (db) => db,
    run: async (db) => {
      if (survey.registered === null) {
        // Deleting twice is harmless; credentials of another dialog must not end that dialog's session.
        if (await isRegisteredAnywhere(db, principal.id)) throw notRegistered();
        return;
      }
      await eraseRespondent(db, principal.id, survey.id, ctx.now());
    },
  });
}

/** A respondent's data of one dialog deleted at their request, announced to the dialog's webhooks. */
export async function eraseRespondent(
  db: AppContext['db'],
  participantId: number,
  surveyId: number,
  now: number,
) {
  await recordRespondentDeleted(db, { by: 'respondent', surveyId, participantId, now });
  await deleteParticipantData(db, participantId, surveyId, now);
}
