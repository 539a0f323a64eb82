import { z } from 'zod';
import { ID_PATTERN, nodeIdSchema } from './blocks.ts';
import { connectedSurveySchema, surveyIdSchema } from './dialogs.ts';

/**
 * Dialog managers and their triggers (SPEC §3, §4, §7; issue 7): a manager links several dialogs into
 * one multi-dialog chat (a "game"); triggers tie a block of one connected dialog to a block of another.
 *
 * Rules the server enforces (server/managers/service.ts):
 * - A dialog belongs to at most one manager. Connecting a dialog that belongs to another manager is
 *   refused with 409 (without naming that manager); it is never moved silently: it is taken out there
 *   first, by that manager's owner or with disconnect_dialog.
 * - Connecting a dialog needs the 'configure' right on it; everything else about the manager (fields,
 *   removing dialogs, deleting) is for its owner only. Whoever has 'configure' on a dialog may take it
 *   out of its manager, whoever owns that (disconnect_dialog). Removing a dialog from a manager also
 *   deletes the triggers that start in it or point into it.
 * - A connection works while the manager's owner may configure the dialog. When that right ends (she was
 *   removed from the dialog or her role lowered), the connection is dormant until it is removed: it takes
 *   no triggers (neither end of a new trigger may be dormant) and get_trigger_targets shows nothing
 *   through it.
 * - Reading a manager (get_dialogmanager, get_connected_surveys, get_dialogmanager_trigger) is for its
 *   owner and for anyone who may view one of its dialogs; everybody else gets 404, as for dialogs. Every
 *   reader, the owner too, sees in connected_surveys only the dialogs she may view herself (so a list sent
 *   back to update_dialogmanager by the owner drops the others), and only the triggers whose two dialogs
 *   she may know (view, or reach through get_trigger_targets). A reader who is not the owner sees in
 *   additional_dms only the managers she may read herself.
 * - The block ids and titles of the connected dialogs (get_trigger_targets) are for whoever has
 *   'configure' on one live connected dialog: she may attach triggers to it that point into the other
 *   live ones.
 * - Creating, deleting or re-keying a trigger: whoever has 'configure' on the trigger's own dialog, the
 *   manager's owner too (owning the manager grants nothing on its dialogs; the configurator graph of that
 *   dialog edits its triggers).
 */

export const MAX_ID = 2_147_483_647;

const idMessage = { error: 'muss eine positive ganze Zahl sein' };
const positiveId = z.number(idMessage).int('muss ganzzahlig sein').min(1, 'ungültig').max(MAX_ID, 'ungültig');

/** A manager or trigger id in a JSON body: a number, or its digits as a string (ids in URLs are text). */
export const idSchema = z.union(
  [
    positiveId,
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(positiveId),
  ],
  {
    error: 'muss eine positive ganze Zahl sein',
  },
);

/** An id in a URL path. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'muss eine positive ganze Zahl sein')
    .transform(Number)
    .pipe(positiveId),
});
export const surveyIdParams = z.object({ id: surveyIdSchema });

// ---------------------------------------------------------------- trigger grammar (SPEC §3 "Trigger")

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
 * Q is always a block of S that exists (not a start or end marker). A block may carry several waitFor
 * triggers (it waits for all of them) but at most one moveTo or waitAPI trigger, since after a block the
 * chat can continue at one place only (409 otherwise); the same trigger twice on one block is a 409 too.
 *
 * init_survey marks the start dialog of the game: the dialog of the trigger (its survey_id) opens the
 * chat. A manager has at most one start dialog (several triggers of that dialog may carry the mark; a
 * mark on a second dialog is refused with 409). Without any mark the game starts with the first dialog
 * by order.
 */
export interface ParsedTrigger {
  type: TriggerType;
  survey_id: string;
  question_id: string;
}

export type TriggerParse = { ok: true; trigger: ParsedTrigger } | { ok: false; error: string };

const SEPARATOR = ';';
const SURVEY_ID_MAX = 64;
const QUESTION_ID_MAX = 100;

/** Parses `type;survey_id;question_id` strictly: exactly three parts, no spaces, a known type. */
export function parseTrigger(value: string): TriggerParse {
  const parts = value.split(SEPARATOR);
  if (parts.length !== 3) {
    return { ok: false, error: 'muss die Form Typ;Dialog-ID;Frage-ID haben (z. B. moveTo;abc123;xyz789)' };
  }
  const [type, surveyId, questionId] = parts as [string, string, string];
  if (!(TRIGGER_TYPES as readonly string[]).includes(type)) {
    const shown = type.length > 30 ? `${type.slice(0, 30)}…` : type;
    return { ok: false, error: `unbekannter Typ „${shown}“, erlaubt sind ${TRIGGER_TYPES.join(', ')}` };
  }
  if (!ID_PATTERN.test(surveyId) || surveyId.length > SURVEY_ID_MAX) {
    return {
      ok: false,
      error: 'die Dialog-ID (2. Teil) fehlt oder enthält andere Zeichen als A-Z, a-z, 0-9, _ und -',
    };
  }
  if (!ID_PATTERN.test(questionId) || questionId.length > QUESTION_ID_MAX) {
    return {
      ok: false,
      error: 'die Frage-ID (3. Teil) fehlt oder enthält andere Zeichen als A-Z, a-z, 0-9, _ und -',
    };
  }
  return { ok: true, trigger: { type: type as TriggerType, survey_id: surveyId, question_id: questionId } };
}

export function formatTrigger(trigger: ParsedTrigger): string {
  return [trigger.type, trigger.survey_id, trigger.question_id].join(SEPARATOR);
}

/** The trigger string of a request: the grammar is checked here, the targets by the server. */
export const triggerStringSchema = z
  .string({ error: 'muss ein Text Typ;Dialog-ID;Frage-ID sein' })
  .max(200, 'höchstens 200 Zeichen')
  .superRefine((value, ctx) => {
    const parsed = parseTrigger(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  });

// ---------------------------------------------------------------- manager swap (SPEC §4)

export type ConnectedSurvey = z.infer<typeof connectedSurveySchema>;

/** What a screen holds of the chosen manager: its id, the other managers it offers, its dialogs. */
export interface ManagerSelection {
  dialog_manager_id: number;
  additional_dms: number[];
  connected_surveys: ConnectedSurvey[];
}

/** connected_surveys by order; equal orders by name, then id, so the result never depends on input order. */
export function sortConnectedSurveys(surveys: readonly ConnectedSurvey[]): ConnectedSurvey[] {
  return [...surveys].sort(
    (a, b) =>
      a.order - b.order ||
      a.survey_name.localeCompare(b.survey_name, 'de') ||
      (a.survey_id < b.survey_id ? -1 : a.survey_id > b.survey_id ? 1 : 0),
  );
}

/**
 * SPEC §4: changing the dialog manager swaps the chosen manager id with the current one in
 * additional_dms (the current id takes the chosen one's place in the list) and re-sorts the chosen
 * manager's connected_surveys by order. Choosing the current manager or one that is not offered in
 * additional_dms changes nothing.
 */
export function swapManager(
  current: ManagerSelection,
  chosenId: number,
  chosenSurveys: readonly ConnectedSurvey[],
): ManagerSelection {
  const at = current.additional_dms.indexOf(chosenId);
  if (chosenId === current.dialog_manager_id || at === -1) return current;
  const additional = [...current.additional_dms];
  additional[at] = current.dialog_manager_id;
  return {
    dialog_manager_id: chosenId,
    additional_dms: additional,
    connected_surveys: sortConnectedSurveys(chosenSurveys),
  };
}

// ---------------------------------------------------------------- SPEC §7 calls

/** GET /api/find_dialogmanager_status/{survey_id}: connected_status is {} when the dialog has no manager. */
export const managerStatusResponse = z.object({
  msg: z.literal('success'),
  connected_status: z.object({ dialog_manager_id: z.number().int().optional() }),
});
export type ManagerStatusResponse = z.infer<typeof managerStatusResponse>;

/** GET /api/get_connected_surveys/{dialog_manager_id}: the manager's dialogs by order. */
export const connectedSurveysResponse = z.object({ connected_surveys: z.array(connectedSurveySchema) });

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

// ---------------------------------------------------------------- manager calls (ours, ARCHITECTURE.md style)

/**
 * An image of the game's page head: '' (none), an http(s) address, an uploaded file (/media/…) or a
 * bundled image (/img/…).
 */
const pageAsset = z.union(
  [
    z.literal(''),
    z.url({ protocol: /^https?$/ }).max(2000),
    z.string().regex(/^\/(media|img)\/[A-Za-z0-9_.\-/]{1,200}$/),
  ],
  { error: 'muss leer, eine http(s)-Adresse, /media/… oder /img/… sein' },
);
const line = (max: number) => z.string().trim().max(max, `höchstens ${max} Zeichen`);

export const MANAGER_LIMITS = { dialogs: 50, additional: 50, order: 10_000 } as const;

const connectedInput = z.object({
  survey_id: surveyIdSchema,
  order: z.number().int('muss ganzzahlig sein').min(1, 'mindestens 1').max(MANAGER_LIMITS.order, 'zu groß'),
});

const managerFields = {
  name: z.string().trim().min(1, 'darf nicht leer sein').max(200, 'höchstens 200 Zeichen'),
  /** The game's page title (/multi_live, /flow, /aufderflucht). */
  game_title: line(200),
  description: line(2000),
  favicon: pageAsset,
  /** The social preview image (og:image). */
  meta_image: pageAsset,
  /** The social preview text (og:description). */
  meta_text: line(2000),
  /** Other managers the screen offers to switch to (SPEC §4); ids of managers of the same owner. */
  additional_dms: z
    .array(positiveId, { error: 'muss eine Liste von Dialog-Manager-IDs sein' })
    .max(MANAGER_LIMITS.additional, `höchstens ${MANAGER_LIMITS.additional} Einträge`)
    .refine((ids) => new Set(ids).size === ids.length, 'enthält eine ID doppelt'),
  /** The whole list of connected dialogs with their order (replaces the stored list). */
  connected_surveys: z
    .array(connectedInput, { error: 'muss eine Liste von { survey_id, order } sein' })
    .max(MANAGER_LIMITS.dialogs, `höchstens ${MANAGER_LIMITS.dialogs} Dialoge`)
    .refine(
      (list) => new Set(list.map((s) => s.survey_id)).size === list.length,
      'enthält einen Dialog doppelt',
    )
    .refine(
      (list) => new Set(list.map((s) => s.order)).size === list.length,
      'enthält eine Reihenfolge doppelt',
    ),
};

export const createManagerRequest = z.object({
  name: managerFields.name,
  game_title: managerFields.game_title.optional(),
  description: managerFields.description.optional(),
  favicon: managerFields.favicon.optional(),
  meta_image: managerFields.meta_image.optional(),
  meta_text: managerFields.meta_text.optional(),
  additional_dms: managerFields.additional_dms.optional(),
  connected_surveys: managerFields.connected_surveys.optional(),
});
export type CreateManagerRequest = z.infer<typeof createManagerRequest>;

/** Only the fields sent are changed. */
export const updateManagerRequest = createManagerRequest.partial().extend({ dialog_manager_id: idSchema });
export type UpdateManagerRequest = z.infer<typeof updateManagerRequest>;

export const managerRequest = z.object({ dialog_manager_id: idSchema });

/** POST /api/disconnect_dialog: takes the dialog out of the manager it belongs to (needs configure on it). */
export const disconnectDialogRequest = z.object({ survey_id: surveyIdSchema });

/** A manager the caller may open: its id and name. */
export const managerRefSchema = z.object({ dialog_manager_id: z.number().int(), name: z.string() });
export type ManagerRef = z.infer<typeof managerRefSchema>;

export const managerSchema = z.object({
  dialog_manager_id: z.number().int(),
  name: z.string(),
  game_title: z.string(),
  description: z.string(),
  favicon: z.string(),
  meta_image: z.string(),
  meta_text: z.string(),
  /**
   * The other managers the screen offers to switch to (SPEC §4). The owner gets the stored list; anyone
   * else only the entries she may open herself (ids of managers she cannot read are never shown).
   */
  additional_dms: z.array(z.number().int()),
  /** The entries of additional_dms with their names, in the same order. */
  additional_managers: z.array(managerRefSchema),
  connected_surveys: z.array(connectedSurveySchema),
  /** The caller owns the manager (only the owner may change or delete it). */
  is_owner: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Manager = z.infer<typeof managerSchema>;

/** A dialog the caller owns or is a member of, and the manager it belongs to (readable by her). */
export const dialogLinkSchema = z.object({
  survey_id: z.string(),
  dialog_manager_id: z.number().int(),
  manager_name: z.string(),
});
export type DialogLink = z.infer<typeof dialogLinkSchema>;

/**
 * POST /api/get_dialogmanager_list: the caller's own managers, and for every dialog she owns or is a
 * member of that belongs to a manager (hers or another owner's) that link, so a picker can mark dialogs
 * that are taken (a dialog belongs to at most one manager).
 */
export const managerListResponse = z.object({
  dialog_managers: z.array(managerSchema),
  dialog_links: z.array(dialogLinkSchema),
});

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

/** The fixed public games (SPEC §2, §9): their manager ids come from MULTICHAT_FLOW_ID / _AUFDERFLUCHT_ID. */
export const GAME_ALIASES = ['flow', 'aufderflucht'] as const;
export type GameAlias = (typeof GAME_ALIASES)[number];

/** The {id} of game_meta: a manager id, or a fixed game's alias (its page does not know the id). */
export const gameMetaParams = z.object({
  id: z.union([z.enum(GAME_ALIASES), idParams.shape.id], {
    error: 'muss eine positive ganze Zahl, flow oder aufderflucht sein',
  }),
});

/**
 * GET /api/game_meta/{dialog_manager_id | flow | aufderflucht}: public, for the game's page head, social
 * preview and player (the dialogs to register for with register_live_list, the media host of game mode).
 */
export const gameMetaResponse = z.object({
  dialog_manager_id: z.number().int(),
  game_title: z.string(),
  description: z.string(),
  favicon: z.string(),
  meta_image: z.string(),
  meta_text: z.string(),
  /** Every connected dialog is live, so the game may be played; false: survey_ids is empty. */
  active: z.boolean(),
  /** The public ids of the connected dialogs, by order; empty while the game is not active. */
  survey_ids: z.array(z.string()),
  /** GAME_MEDIA_BASE_URL: the host chat media are loaded from in game mode; null: this server. */
  media_base_url: z.string().nullable(),
});
export type GameMeta = z.infer<typeof gameMetaResponse>;
