import { z } from 'zod';
import { connectedSurveySchema, surveyIdSchema } from './dialogs.ts';
import { MAX_ID } from './fields.ts';

/**
 * Dialog managers and their triggers (SPEC §3, §4, §7; issue 7): a manager links several dialogs into
 * one multi-dialog chat (a "game"); triggers tie a block of one connected dialog to a block of another.
 *
 * Rules the server enforces (server/managers/; the triggers' own in contract/triggers.ts):
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
 */

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

/** What a manager shows as a public game: its page's title, description, icon and social preview. */
const gamePageShape = {
  game_title: z.string(),
  description: z.string(),
  favicon: z.string(),
  meta_image: z.string(),
  meta_text: z.string(),
};

export const managerSchema = z.object({
  dialog_manager_id: z.number().int(),
  name: z.string(),
  ...gamePageShape,
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
  ...gamePageShape,
  /** Every connected dialog is live, so the game may be played; false: survey_ids is empty. */
  active: z.boolean(),
  /** The public ids of the connected dialogs, by order; empty while the game is not active. */
  survey_ids: z.array(z.string()),
  /** GAME_MEDIA_BASE_URL: the host chat media are loaded from in game mode; null: this server. */
  media_base_url: z.string().nullable(),
});
export type GameMeta = z.infer<typeof gameMetaResponse>;
