import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The unresolved inbox entries of a dialog (or one block), newest first, each with the routing stored
 * with its answer (the branch the chat took, not the one the entry suggests): null columns when the
 * entry names no answer.
 */
export function inboxWithRouting(db: Kysely<Database>, surveyId: number, uniqueQuestionId?: string) {
  let query = db
    .selectFrom('training_inbox')
    .leftJoin('answers', 'answers.id', 'training_inbox.answer_id')
    .select([
      'training_inbox.id',
      'training_inbox.unique_question_id',
      'training_inbox.text',
      'training_inbox.branch',
      'training_inbox.confidence',
      'training_inbox.flagged',
      'training_inbox.created_at',
      'answers.branch as routed_branch',
      'answers.confidence as routed_confidence',
      'answers.routing_source',
      'answers.routing_reason',
    ])
    .where('training_inbox.survey_id', '=', surveyId)
    .where('training_inbox.resolved_at', 'is', null);
  if (uniqueQuestionId !== undefined) {
    query = query.where('training_inbox.unique_question_id', '=', uniqueQuestionId);
  }
  return query
    .orderBy('training_inbox.created_at', 'desc')
    .orderBy('training_inbox.id', 'desc')
    .limit(500)
    .execute();
}
