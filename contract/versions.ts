import { z } from 'zod';
import { blockTypeSchema } from './blocks.ts';
import { surveyIdSchema } from './dialogs.ts';
import { VERSION_MODE_LABELS as versionModeLabels } from './labels.ts';

/**
 * A dialog's versions (issue 21): immutable snapshots of everything a chat plays (blocks, options,
 * jumps, texts, settings, media references, GPT exit conditions, Q&A pairs, each free-text block's
 * routing model), numbered 1, 2, … per dialog and stored once per distinct content. A chat keeps the
 * version it started on to its end.
 *
 * Two ways of working, per dialog:
 * - 'direct' ('Direkt'): a saved change applies to chats that start afterwards (SPEC's behaviour).
 * - 'publish' ('Mit Veröffentlichen'): the configurator edits a draft; new chats get the last published
 *   version until the author publishes again.
 * The working copy (what update_survey_blocks and the other SPEC calls edit) is the draft in 'publish'
 * and what new chats get in 'direct'.
 */

export const VERSION_MODES = ['direct', 'publish'] as const;
export const versionModeSchema = z.enum(VERSION_MODES, {
  error: "mode: muss 'direct' oder 'publish' sein",
});
export type VersionMode = z.infer<typeof versionModeSchema>;

/** The German names of the modes, as the configurator shows them. */
export const VERSION_MODE_LABELS: Record<VersionMode, string> = versionModeLabels;

export const VERSION_NOTE_MAX = 500;

const versionNumberSchema = z
  .number({ error: 'muss eine Versionsnummer sein' })
  .int('muss ganzzahlig sein')
  .min(1, 'mindestens 1')
  .max(1_000_000_000, 'ungültig');

/** One side of a diff: a version's number, or 'draft' for the working copy as it is now. */
export const versionRefSchema = z.union([versionNumberSchema, z.literal('draft')], {
  error: "muss eine Versionsnummer oder 'draft' sein",
});
export type VersionRef = z.infer<typeof versionRefSchema>;

/** Which version the author's assessment chat ('Testen') starts on: the working copy, or what is live. */
export const TEST_VERSIONS = ['draft', 'published'] as const;
export const testVersionSchema = z.enum(TEST_VERSIONS, {
  error: "version: muss 'draft' oder 'published' sein",
});
export type TestVersion = z.infer<typeof testVersionSchema>;

/** The version filter of the Analyse figures and the export: sessions that ran on this version. */
export const versionFilterSchema = versionNumberSchema.optional();

// ------------------------------------------------------------------------------------------ requests

export const versionDialogRequest = z.object({ survey_id: surveyIdSchema });
export const setVersionModeRequest = z.object({ survey_id: surveyIdSchema, mode: versionModeSchema });
export const publishVersionRequest = z.object({
  survey_id: surveyIdSchema,
  note: z
    .string({ error: 'muss ein Text sein' })
    .max(VERSION_NOTE_MAX, `höchstens ${VERSION_NOTE_MAX} Zeichen`)
    .optional(),
});
export const diffVersionsRequest = z.object({
  survey_id: surveyIdSchema,
  from: versionRefSchema,
  to: versionRefSchema,
});
export const restoreVersionRequest = z.object({ survey_id: surveyIdSchema, number: versionNumberSchema });

// ----------------------------------------------------------------------------------------- responses

/**
 * Where a dialog stands: its mode; live_version: the version new live chats get now (null: none made
 * yet, e.g. a 'direct' dialog nobody chatted on since its last edit: the working copy is what they get);
 * draft_differs: the working copy differs from live_version (in 'direct' mode a saved change is live
 * anyway, so this only says that no chat ran on it yet); latest_version: the highest number (null: none).
 */
export const versionStateResponse = z.object({
  mode: versionModeSchema,
  live_version: z.number().int().nullable(),
  draft_differs: z.boolean(),
  latest_version: z.number().int().nullable(),
  /** Whether the dialog is live (active): the configurator's banner while editing a live dialog. */
  active: z.boolean(),
  /** Unfinished live chats, on whichever version (they keep theirs whatever the author changes). */
  running_chats: z.number().int(),
});
export type VersionStateResponse = z.infer<typeof versionStateResponse>;

export const versionSummarySchema = z.object({
  number: z.number().int(),
  created_at: z.number(),
  /** The author who made it (published, restored, or whose edit the first chat on it ran on); null: unknown. */
  author: z.string().nullable(),
  note: z.string().nullable(),
  /** Whether it was published ('Veröffentlicht'); published_at: when it was last published. */
  published: z.boolean(),
  published_at: z.number().nullable(),
  /** Chats that ran on it: live respondents and the authors' test chats apart. */
  chats: z.number().int(),
  test_chats: z.number().int(),
  /** Whether new live chats get this version now. */
  live: z.boolean(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** The history ('Versionen'), newest first, with the dialog's state. */
export const listVersionsResponse = versionStateResponse.extend({
  versions: z.array(versionSummarySchema),
});
export type ListVersionsResponse = z.infer<typeof listVersionsResponse>;

export const publishVersionResponse = versionStateResponse.extend({ version: versionSummarySchema });
export type PublishVersionResponse = z.infer<typeof publishVersionResponse>;

/**
 * After a restore: the number restored, and undo_version, the version that holds the working copy as it
 * was before (restoring that one undoes the restore).
 */
export const restoreVersionResponse = versionStateResponse.extend({
  restored: z.number().int(),
  undo_version: z.number().int(),
});
export type RestoreVersionResponse = z.infer<typeof restoreVersionResponse>;

/** One changed field: its name as in the block or settings (`options`, `jump_to_ids`, `accent_color`), JSON values. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** A block as a diff names it: id, type, its text (shortened) and its place (1 = first). */
export const diffBlockSchema = z.object({
  unique_question_id: z.string(),
  type: blockTypeSchema,
  label: z.string(),
  position: z.number().int(),
});
export type DiffBlock = z.infer<typeof diffBlockSchema>;

/**
 * What changed from one version to another. blocks.changed lists field by field what differs in a block
 * both have: its texts, options (for free text: its branches), jumps (`jump_to_ids`), reactions, the
 * GPT exit conditions (`gpt_exit_conditions`), Q&A pairs (`qa_pairs`) and the routing model
 * (`routing_model`: the trained model's version and threshold). moved: blocks whose place changed other
 * than by blocks added or removed before them. settings: the dialog's settings, welcome and ending.
 */
export const diffVersionsResponse = z.object({
  from: versionRefSchema,
  to: versionRefSchema,
  same: z.boolean(),
  blocks: z.object({
    added: z.array(diffBlockSchema),
    removed: z.array(diffBlockSchema),
    moved: z.array(
      diffBlockSchema
        .omit({ position: true })
        .extend({ from_position: z.number().int(), to_position: z.number().int() }),
    ),
    changed: z.array(diffBlockSchema.extend({ fields: z.array(fieldChangeSchema) })),
  }),
  settings: z.array(fieldChangeSchema),
});
export type DiffVersionsResponse = z.infer<typeof diffVersionsResponse>;

/**
 * Analyse: a block whose wording differed between the versions its answers came from has one entry per
 * wording, with the versions that had it (blockSummary.wordings; absent when it had one wording).
 */
export const blockWordingSchema = z.object({ label: z.string(), versions: z.array(z.number().int()) });
export type BlockWording = z.infer<typeof blockWordingSchema>;
