import { z } from 'zod';
import { ID_PATTERN, nodeIdSchema } from './blocks.ts';
import { surveyIdSchema } from './dialogs.ts';
import { idSchema } from './managers.ts';

/**
 * Triggers of a dialog manager (SPEC §3 "Trigger", §7): they tie a block of one connected dialog to a
 * block of another (contract/managers.ts has the managers themselves).
 *
 * Rules the server enforces (server/managers/triggers.ts, trigger-targets.ts):
 * - Neither end of a new trigger may be a dormant connection (contract/managers.ts).
 * - The block ids and titles of the connected dialogs (get_trigger_targets) are for whoever has
 *   'configure' on one live connected dialog: she may attach triggers to it that point into the other
 *   live ones.
 * - Creating, deleting or re-keying a trigger: whoever has 'configure' on the trigger's own dialog, the
 *   manager's owner too (owning the manager grants nothing on its dialogs; the configurator graph of that
 *   dialog edits its triggers).
 */

export const TRIGGER_TYPES = ['waitFor', 'moveTo', 'waitAPI'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/**
 * A trigger is attached to a block X (its unique_question_id) of a connected dialog D (its survey_id);
 * its string `type;survey_id;question_id` names the target: block Q of dialog S, both connected to the
 * same manager. "Done" means: the respondent answered X (or, for a block that asks nothing, X was shown).
 * - waitFor: X is not shown until Q has been answered (done). S must be another dialog than D; when Q is
 *   already done, X shows at once.
 * - moveTo: when X is done, the chat continues in dialog S at block Q. S must be another dialog than D.
 * - waitAPI: when X is done, the chat holds until an external system calls the trigger's inbound call
 *   with the trigger's secret (shown once when the trigger is created, or by reset_trigger_secret); then
 *   it continues at Q of S. S may be D itself (the chat goes on in the same dialog after the wait).
 * - A waitAPI trigger may carry a timeout: `waitAPI;S;Q;SECONDS;TS;TQ`. When the external call has not
 *   come SECONDS (1 to TIMEOUT_MAX_SECONDS) after the wait began, the chat goes on at block TQ of dialog
 *   TS instead (TS may be D or S), so a game plays to its end without any other actor.
 * Q is always a block of S that exists (not a start or end marker). A block may carry several waitFor
 * triggers (it waits for all of them) but at most one moveTo or waitAPI trigger, since after a block the
 * chat can continue at one place only (409 otherwise); the same trigger twice on one block is a 409 too.
 *
 * init_survey marks the start dialog of the game: the dialog of the trigger (its survey_id) opens the
 * chat. A manager has at most one start dialog (several triggers of that dialog may carry the mark; a
 * mark on a second dialog is refused with 409). Without any mark the game starts with the first dialog
 * by order.
 */
export interface TriggerTimeout {
  seconds: number;
  survey_id: string;
  question_id: string;
}

export interface ParsedTrigger {
  type: TriggerType;
  survey_id: string;
  question_id: string;
  /** waitAPI only: where the chat goes on when the call has not come after `seconds`. */
  timeout?: TriggerTimeout;
}

/** A week: longer waits are not a timeout but a stall. */
export const TIMEOUT_MAX_SECONDS = 7 * 24 * 3600;

export type TriggerParse = { ok: true; trigger: ParsedTrigger } | { ok: false; error: string };

const SEPARATOR = ';';
const SURVEY_ID_MAX = 64;
const QUESTION_ID_MAX = 100;

const badId = (id: string, max: number) => !ID_PATTERN.test(id) || id.length > max;

/** The timeout parts (4th to 6th) of a waitAPI trigger. */
function parseTimeout(type: string, parts: string[]): TriggerTimeout | string {
  const [seconds, surveyId, questionId] = parts as [string, string, string];
  if (type !== 'waitAPI') return 'nur ein waitAPI-Trigger hat eine Wartezeit (4. bis 6. Teil)';
  const n = /^[1-9][0-9]{0,6}$/.test(seconds) ? Number(seconds) : Number.NaN;
  if (!(n >= 1 && n <= TIMEOUT_MAX_SECONDS)) {
    return `die Wartezeit (4. Teil) muss eine ganze Zahl von 1 bis ${TIMEOUT_MAX_SECONDS} Sekunden sein`;
  }
  if (badId(surveyId, SURVEY_ID_MAX))
    return 'die Dialog-ID nach der Wartezeit (5. Teil) fehlt oder ist ungültig';
  if (badId(questionId, QUESTION_ID_MAX))
    return 'die Frage-ID nach der Wartezeit (6. Teil) fehlt oder ist ungültig';
  return { seconds: n, survey_id: surveyId, question_id: questionId };
}

/**
 * Parses `type;survey_id;question_id` strictly: exactly three parts (six with a waitAPI timeout), no
 * spaces, a known type.
 */
export function parseTrigger(value: string): TriggerParse {
  const parts = value.split(SEPARATOR);
  if (parts.length !== 3 && parts.length !== 6) {
    return { ok: false, error: 'muss die Form Typ;Dialog-ID;Frage-ID haben (z. B. moveTo;abc123;xyz789)' };
  }
  const [type, surveyId, questionId] = parts as [string, string, string];
  if (!(TRIGGER_TYPES as readonly string[]).includes(type)) {
    const shown = type.length > 30 ? `${type.slice(0, 30)}…` : type;
    return { ok: false, error: `unbekannter Typ „${shown}“, erlaubt sind ${TRIGGER_TYPES.join(', ')}` };
  }
  if (badId(surveyId, SURVEY_ID_MAX)) {
    return {
      ok: false,
      error: 'die Dialog-ID (2. Teil) fehlt oder enthält andere Zeichen als A-Z, a-z, 0-9, _ und -',
    };
  }
  if (badId(questionId, QUESTION_ID_MAX)) {
    return {
      ok: false,
      error: 'die Frage-ID (3. Teil) fehlt oder enthält andere Zeichen als A-Z, a-z, 0-9, _ und -',
    };
  }
  const trigger: ParsedTrigger = { type: type as TriggerType, survey_id: surveyId, question_id: questionId };
  if (parts.length === 6) {
    const timeout = parseTimeout(type, parts.slice(3));
    if (typeof timeout === 'string') return { ok: false, error: timeout };
    trigger.timeout = timeout;
  }
  return { ok: true, trigger };
}

export function formatTrigger(trigger: ParsedTrigger): string {
  const { timeout } = trigger;
  const after = timeout ? [String(timeout.seconds), timeout.survey_id, timeout.question_id] : [];
  return [trigger.type, trigger.survey_id, trigger.question_id, ...after].join(SEPARATOR);
}

/** The trigger string of a request: the grammar is checked here, the targets by the server. */
export const triggerStringSchema = z
  .string({ error: 'muss ein Text Typ;Dialog-ID;Frage-ID sein' })
  .max(400, 'höchstens 400 Zeichen')
  .superRefine((value, ctx) => {
    const parsed = parseTrigger(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  });

// ---------------------------------------------------------------- trigger calls (SPEC §7)

export const triggerObjectSchema = z.object({
  id: z.number().int(),
  dialog_manager_id: z.number().int(),
  /** The public id of the dialog the trigger is attached to. */
  survey_id: z.string(),
  unique_question_id: z.string(),
  trigger: z.string(),
  init_survey: z.boolean(),
});
export type TriggerObject = z.infer<typeof triggerObjectSchema>;

/** GET /api/get_dialogmanager_trigger/{dialog_manager_id}. */
export const triggerObjectsResponse = z.object({ trigger_objects: z.array(triggerObjectSchema) });

const flagSchema = z.union(
  [z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)],
  {
    error: 'muss true/false oder 0/1 sein',
  },
);

/** POST /api/create_trigger (201 when created). */
export const createTriggerRequest = z.object({
  dialog_manager_id: idSchema,
  survey_id: surveyIdSchema,
  unique_question_id: nodeIdSchema,
  trigger: triggerStringSchema,
  init_survey: flagSchema.optional().default(false),
});
export type CreateTriggerRequest = z.infer<typeof createTriggerRequest>;

/** The created trigger; a waitAPI trigger also carries its inbound secret, shown only this once. */
export const createTriggerResponse = triggerObjectSchema.extend({ api_secret: z.string().optional() });

/** POST /api/reset_trigger_secret: a new secret for a waitAPI trigger (the old one stops working). */
export const resetTriggerSecretRequest = z.object({ id: idSchema });
export const resetTriggerSecretResponse = z.object({ id: z.number().int(), api_secret: z.string() });

// ---------------------------------------------------------------- trigger targets

/**
 * GET /api/get_trigger_targets/{survey_id}: for the configurator graph's trigger form of dialog
 * survey_id (needs 'configure' on it, as creating its triggers does), the live dialogs connected to the
 * same manager with the ids and titles of their blocks, so that a target block can be picked in a dialog
 * the caller may not open herself; none when the dialog's own connection is dormant. dialog_manager_id is
 * null (and dialogs empty) when the dialog has none.
 */
export const triggerTargetBlockSchema = z.object({
  unique_question_id: z.string(),
  order: z.number().int(),
  type: z.string(),
  short_name: z.string(),
  /** The block's text cut to the SPEC §9 preview (its first two items when longer than 100 characters). */
  preview: z.string(),
  /** The preview left items out. */
  truncated: z.boolean(),
});
export type TriggerTargetBlock = z.infer<typeof triggerTargetBlockSchema>;

export const triggerTargetsResponse = z.object({
  dialog_manager_id: z.number().int().nullable(),
  dialogs: z.array(
    z.object({
      survey_id: z.string(),
      survey_name: z.string(),
      order: z.number().int(),
      blocks: z.array(triggerTargetBlockSchema),
    }),
  ),
});
export type TriggerTargets = z.infer<typeof triggerTargetsResponse>;
