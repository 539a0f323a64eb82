import { z } from 'zod';
import { isRedirectTemplate, REDIRECT_DELAY_MAX, REDIRECT_URL_MAX } from './end-redirect.ts';
import { hiddenFieldNameSchema, hiddenValueSchema } from './hidden-value-schemas.ts';
import { BLOCK_TYPE_LABELS as blockTypeLabels, LIKERT_NA_LABEL } from './labels.ts';

/**
 * Blocks (SPEC §3 "Block"): the questions and messages a dialog is built from, one zod schema per type.
 * Server (validation of every write), web (editors, optimistic updates) and the chat engine and training
 * (semantics below) all read this file.
 *
 * Semantics of the fields every type has:
 * - context: what the bot says, in the text-content encoding of text-content.ts (bubbles, media, delays,
 *   {{variable}} chips). For gpt it is the instruction to the language model, never shown to respondents.
 * - question (gpt): the question for respondents, shown first, always; the model's follow-ups come after
 *   their answers. The list, the graph and Analyse title the block by it (blockTitle).
 * - nachfrage: a follow-up question asked once after the answer ('' = none).
 * - acknowledgement: a reply shown right after the answer ('' = none).
 * - options: the option labels (choice and Likert types) or branch labels (open_text: a classifier
 *   trained in the Trainieren module routes each free-text answer to one branch). Types without
 *   options (OPTION_TYPES lists those with) always have [].
 * - jump_to_ids: parallel to options; entry i is where the dialog goes when option/branch i is taken:
 *   a unique_question_id, the end marker (end_node_<survey_id>, ends the dialog) or null (= the next
 *   block in order, or jump_to_question when that is set). For multiple_choice the first chosen option
 *   with a target decides.
 * - jump_to_question: unconditional target after the block (taken when no option jump applies), a
 *   unique_question_id, the end marker, or null (= next block in order).
 * - field_jumps: rules on hidden fields (issue 22, 'wenn src = panel → Block X'): after the block, when
 *   no option jump applies, the first rule whose hidden field holds its value (exact, as the link gave
 *   it) leads to its target (a block or the end marker) instead of jump_to_question or the next block.
 * - jump_to_reactions: parallel to options; a text (text-content encoding) shown when that option or
 *   branch is taken ('' = none).
 * - is_end: 1 = the dialog ends after this block (its jumps are not followed).
 * - start_page: 1 = the chat begins at this block instead of the first in order; at most one block of a
 *   dialog has it (the graph sets it with an edge from the start marker).
 * - variable: the name under which the answer is stored for {{variable}} piping ('' = not stored);
 *   letters, digits and underscore.
 * - short_name: the column header of this block in exports ('' = the export derives one).
 * - likert_na (likert): 1 adds a 'keine Angabe' option after the scale; it takes no option jump and
 *   scores no value.
 * - inverse (likert): 1 = reverse scoring: the first option scores highest.
 * - link: a URL (link type: the page opened by the button labelled link_klick_name).
 * - optional (question types): 1 = 'Antwort freiwillig': the respondent may skip the question; a skip is
 *   stored as its own state (not an answer, not a drop-off) and the dialog follows the block's default
 *   way on (jump_to_question, else the next block), never an option's jump.
 * - skip_label: the skip button's label for this block ('' = the dialog's 'Überspringen').
 * - filename_db: an uploaded media file shown with the block, or null.
 * - only_search (qa): 1 = answer only from qa_pairs, never with the language model.
 * - position: where the node sits in the configurator graph.
 * Server-managed, read-only: unique_question_id, survey_id (the public dialog id), order (1-based,
 * contiguous), created_on (epoch ms), version (bumped by every change of the block's own content;
 * moving a node or reordering does not count, so layout work never makes an edit stale).
 */

/** The block types that ask a question of their own: the respondent answers in the input of that type. */
export const QUESTION_BLOCK_TYPES = [
  'open_text',
  'single_choice',
  'multiple_choice',
  'likert',
  'number',
  'email',
  'date',
] as const;
export const BLOCK_TYPES = ['message', ...QUESTION_BLOCK_TYPES, 'link', 'media', 'gpt', 'qa', 'end'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_TYPE_LABELS: Record<BlockType, string> = blockTypeLabels;
export { LIKERT_NA_LABEL };

/** Types whose options (and so jump_to_ids and jump_to_reactions) may be non-empty. */
export const OPTION_TYPES = ['open_text', 'single_choice', 'multiple_choice', 'likert'] as const;
export const hasOptions = (type: BlockType) => (OPTION_TYPES as readonly BlockType[]).includes(type);

/**
 * A Likert answer's value: 1 for the scale's first point up to the number of points, reversed for an
 * inverse scale; null for 'keine Angabe' and any label not on the scale (a removed point).
 */
export function likertScore(scale: readonly string[], inverse: number, label: string): number | null {
  const i = scale.indexOf(label);
  if (i === -1) return null;
  return inverse === 1 ? scale.length - i : i + 1;
}

/**
 * What the configurator's list and graph and Analyse show as a block's text: a gpt block's question for
 * respondents (else its fixed follow-up, else its instruction), every other block's context.
 */
export function blockTitle(block: BlockContent): string {
  if (block.type !== 'gpt') return block.context;
  return [block.question, block.nachfrage, block.context].find((t) => t.trim() !== '') ?? '';
}

/** The graph's start and end markers: not blocks, but ids that edges and jumps may use. */
export const START_NODE_PREFIX = 'start_node_';
export const END_NODE_PREFIX = 'end_node_';
export const startNodeId = (surveyId: string) => `${START_NODE_PREFIX}${surveyId}`;
export const endNodeId = (surveyId: string) => `${END_NODE_PREFIX}${surveyId}`;
export const isStartNodeId = (id: string) => id.startsWith(START_NODE_PREFIX);
export const isEndNodeId = (id: string) => id.startsWith(END_NODE_PREFIX);
export const isMarkerId = (id: string) => isStartNodeId(id) || isEndNodeId(id);

export const LIMITS = {
  text: 20_000,
  option: 500,
  options: 50,
  likertMin: 2,
  likertMax: 11,
  shortName: 100,
  skipLabel: 60,
  variable: 64,
  url: 2000,
  qaPairs: 500,
  qaQuestion: 1000,
  qaAnswer: 5000,
  maxTurns: 20,
  coordinate: 1_000_000,
  fieldJumps: 20,
} as const;

export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A block id or marker id as used in jumps and edges. */
export const nodeIdSchema = z
  .string()
  .min(1, 'darf nicht leer sein')
  .max(100, 'höchstens 100 Zeichen')
  .regex(ID_PATTERN, 'nur Buchstaben, Ziffern, _ und -');

const flag = z.union([z.literal(0), z.literal(1)], { error: 'muss 0 oder 1 sein' });
const text = z.string().max(LIMITS.text, `höchstens ${LIMITS.text} Zeichen`);
const coordinate = z.number().min(-LIMITS.coordinate).max(LIMITS.coordinate);
export const positionSchema = z.object({ x: coordinate, y: coordinate });
const httpUrl = z.url({ protocol: /^https?$/, error: 'muss eine http(s)-Adresse sein' }).max(LIMITS.url);
/** An end's redirect (contract/end-redirect.ts): '' for none, else an http(s) address with {{name}}s. */
export const redirectUrlSchema = z
  .string()
  .trim()
  .max(REDIRECT_URL_MAX, `höchstens ${REDIRECT_URL_MAX} Zeichen`)
  .refine((v) => v === '' || isRedirectTemplate(v), {
    error: 'muss leer oder eine http(s)-Adresse sein ({{name}} nur nach dem Host)',
  });
export const redirectDelaySchema = z
  .number({ error: 'muss eine Zahl sein' })
  .int('muss eine ganze Zahl sein')
  .min(0, 'mindestens 0')
  .max(REDIRECT_DELAY_MAX, `höchstens ${REDIRECT_DELAY_MAX}`);
/** A rule of field_jumps: when the hidden field `field` holds `value`, the dialog goes on at `target`. */
export const fieldJumpSchema = z.object({
  field: hiddenFieldNameSchema,
  value: hiddenValueSchema,
  target: nodeIdSchema,
});
export type FieldJump = z.infer<typeof fieldJumpSchema>;
const isoDate = z.iso.date({ error: 'muss ein Datum JJJJ-MM-TT sein' });
const mediaFilename = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'ist kein gültiger Dateiname');

const commonShape = {
  context: text,
  nachfrage: text,
  acknowledgement: text,
  likert_na: flag,
  is_end: flag,
  only_search: flag,
  start_page: flag,
  inverse: flag,
  filename_db: mediaFilename.nullable(),
  position: positionSchema,
  options: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'darf nicht leer sein')
        .max(LIMITS.option, `höchstens ${LIMITS.option} Zeichen`),
    )
    .max(LIMITS.options, `höchstens ${LIMITS.options} Optionen`),
  jump_to_ids: z.array(nodeIdSchema.nullable()).max(LIMITS.options),
  jump_to_question: nodeIdSchema.nullable(),
  field_jumps: z.array(fieldJumpSchema).max(LIMITS.fieldJumps, `höchstens ${LIMITS.fieldJumps} Regeln`),
  jump_to_reactions: z.array(text).max(LIMITS.options),
  short_name: z.string().trim().max(LIMITS.shortName, `höchstens ${LIMITS.shortName} Zeichen`),
  variable: z
    .string()
    .max(LIMITS.variable, `höchstens ${LIMITS.variable} Zeichen`)
    .regex(/^[A-Za-z0-9_]*$/, 'nur Buchstaben, Ziffern und _'),
  link: z.union([z.literal(''), httpUrl], { error: 'muss leer oder eine http(s)-Adresse sein' }),
  optional: flag,
  skip_label: z.string().trim().max(LIMITS.skipLabel, `höchstens ${LIMITS.skipLabel} Zeichen`),
};

/** The fields every type has: a type change keeps them. */
export const COMMON_FIELDS: readonly string[] = Object.keys(commonShape);

/** Fields only some types have. */
const specificShapes = {
  message: {},
  open_text: {},
  single_choice: {},
  multiple_choice: {},
  likert: {},
  number: {
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** 1 = only whole numbers are accepted. */
    integer: flag,
  },
  email: {},
  date: { min_date: isoDate.nullable(), max_date: isoDate.nullable() },
  link: { link_klick_name: z.string().trim().max(100, 'höchstens 100 Zeichen') },
  media: {},
  gpt: {
    question: text,
    /** How many model turns the follow-up conversation may take before the dialog moves on. */
    max_turns: z
      .number({ error: 'muss eine Zahl sein' })
      .int('muss eine ganze Zahl sein')
      .min(1, 'mindestens 1')
      .max(LIMITS.maxTurns, `höchstens ${LIMITS.maxTurns}`),
  },
  qa: {
    qa_pairs: z
      .array(
        z.object({
          question: z.string().trim().min(1, 'darf nicht leer sein').max(LIMITS.qaQuestion),
          answer: z.string().trim().min(1, 'darf nicht leer sein').max(LIMITS.qaAnswer),
        }),
      )
      .max(LIMITS.qaPairs),
    /** What the bot says when no pair matches the respondent's question. */
    qa_fallback: text,
  },
  end: {
    /** Where the respondent goes after the last message ('' = the dialog's end_redirect_url). */
    redirect_url: redirectUrlSchema,
    /** Seconds before the redirect (0 = at once); the button 'Weiter' shows from the start. */
    redirect_delay: redirectDelaySchema,
  },
} satisfies Record<BlockType, z.ZodRawShape>;

type Issue = { path: string; message: string };

/** Whether a block of this type may have this many options; else the message that says how many. */
export function optionCountIssue(type: BlockType, count: number): string | null {
  if (!hasOptions(type)) return count > 0 ? 'dieser Blocktyp hat keine Optionen' : null;
  if (type === 'likert') {
    return count < LIMITS.likertMin || count > LIMITS.likertMax
      ? `eine Likert-Skala hat ${LIMITS.likertMin} bis ${LIMITS.likertMax} Stufen`
      : null;
  }
  if (type === 'single_choice' || type === 'multiple_choice')
    return count < 1 ? 'mindestens eine Option' : null;
  return null;
}

/** Rules across fields; the path names the field a message is about. */
export function crossFieldIssues(b: {
  type: BlockType;
  options: string[];
  jump_to_ids: unknown[];
  jump_to_reactions: unknown[];
  is_end: number;
  min?: number | null;
  max?: number | null;
  integer?: number;
  min_date?: string | null;
  max_date?: string | null;
}): Issue[] {
  const issues: Issue[] = [];
  const countIssue = optionCountIssue(b.type, b.options.length);
  if (countIssue !== null) issues.push({ path: 'options', message: countIssue });
  if (new Set(b.options).size !== b.options.length) {
    // A free-text block's options are its branches: the author reads 'Zweige' at the field.
    const what = b.type === 'open_text' ? 'Zweige' : 'Optionen';
    issues.push({ path: 'options', message: `${what} müssen verschieden sein` });
  }
  if (b.jump_to_ids.length !== b.options.length) {
    issues.push({ path: 'jump_to_ids', message: 'braucht genau einen Eintrag je Option' });
  }
  if (b.jump_to_reactions.length !== b.options.length) {
    issues.push({ path: 'jump_to_reactions', message: 'braucht genau einen Eintrag je Option' });
  }
  if (b.type === 'end' && b.is_end !== 1) {
    issues.push({ path: 'is_end', message: 'ein Ende-Block beendet den Dialog immer' });
  }
  if (b.min != null && b.max != null && b.min > b.max) {
    issues.push({ path: 'max', message: 'darf nicht kleiner als min sein' });
  }
  if (b.integer === 1) {
    for (const key of ['min', 'max'] as const) {
      const v = b[key];
      if (v != null && !Number.isInteger(v)) issues.push({ path: key, message: 'muss eine ganze Zahl sein' });
    }
  }
  if (b.min_date && b.max_date && b.min_date > b.max_date) {
    issues.push({ path: 'max_date', message: 'darf nicht vor min_date liegen' });
  }
  return issues;
}

function withRules<S extends z.ZodObject>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    for (const issue of crossFieldIssues(value as Parameters<typeof crossFieldIssues>[0])) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  }) as S;
}

function contentSchema<T extends BlockType>(type: T) {
  return withRules(z.object({ type: z.literal(type), ...commonShape, ...specificShapes[type] }));
}

/** What an author edits: every field but the server-managed ones, per type. */
export const blockContentSchemas = {
  message: contentSchema('message'),
  open_text: contentSchema('open_text'),
  single_choice: contentSchema('single_choice'),
  multiple_choice: contentSchema('multiple_choice'),
  likert: contentSchema('likert'),
  number: contentSchema('number'),
  email: contentSchema('email'),
  date: contentSchema('date'),
  link: contentSchema('link'),
  media: contentSchema('media'),
  gpt: contentSchema('gpt'),
  qa: contentSchema('qa'),
  end: contentSchema('end'),
};
export const blockContentSchema = z.discriminatedUnion('type', [
  blockContentSchemas.message,
  blockContentSchemas.open_text,
  blockContentSchemas.single_choice,
  blockContentSchemas.multiple_choice,
  blockContentSchemas.likert,
  blockContentSchemas.number,
  blockContentSchemas.email,
  blockContentSchemas.date,
  blockContentSchemas.link,
  blockContentSchemas.media,
  blockContentSchemas.gpt,
  blockContentSchemas.qa,
  blockContentSchemas.end,
]);
export type BlockContent = z.infer<typeof blockContentSchema>;

const metaShape = {
  unique_question_id: nodeIdSchema,
  survey_id: z.string(),
  order: z.number().int().min(1),
  created_on: z.number().int(),
  version: z.number().int().min(1),
};

function fullSchema<T extends BlockType>(type: T) {
  return withRules(
    z.object({ type: z.literal(type), ...commonShape, ...specificShapes[type], ...metaShape }),
  );
}

/** A block as the server returns it (all_questions, update responses). */
export const blockSchema = z.discriminatedUnion('type', [
  fullSchema('message'),
  fullSchema('open_text'),
  fullSchema('single_choice'),
  fullSchema('multiple_choice'),
  fullSchema('likert'),
  fullSchema('number'),
  fullSchema('email'),
  fullSchema('date'),
  fullSchema('link'),
  fullSchema('media'),
  fullSchema('gpt'),
  fullSchema('qa'),
  fullSchema('end'),
]);
export type Block = z.infer<typeof blockSchema>;

export const blockTypeSchema = z.enum(BLOCK_TYPES, { error: 'ist kein bekannter Blocktyp' });

/** The field names an update may change for a block of this type. */
export function editableKeys(type: BlockType): string[] {
  return Object.keys(blockContentSchemas[type].shape);
}
