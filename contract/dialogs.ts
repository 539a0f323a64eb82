import { z } from 'zod';
import {
  blockSchema,
  nodeIdSchema,
  positionSchema,
  redirectDelaySchema,
  redirectUrlSchema,
} from './blocks.ts';
import { DEFAULT_LANGUAGE, DEFAULT_SPEED, LIGHT_COLORS, SUPPORTED_LANGUAGES } from './constants.ts';
import { MESSENGER_STYLE_LABELS as messengerStyleLabels } from './labels.ts';
import { ROLES } from './roles.ts';

/**
 * Request and response schemas of the dashboard, configurator, settings, graph and live-switch calls
 * (SPEC §7 and the dashboard calls of ARCHITECTURE.md). Block updates: block-updates.ts; media: media.ts.
 */

export const surveyIdSchema = z
  .string({ error: 'muss eine Dialog-ID sein' })
  .min(1, 'darf nicht leer sein')
  .max(64, 'höchstens 64 Zeichen');
const text = z.string().max(20_000, 'höchstens 20000 Zeichen');
const flag = z.union([z.literal(0), z.literal(1)]);

// ---------------------------------------------------------------- settings (SPEC §3 "Settings keys")

export const DU_SIE = ['du', 'sie'] as const;
/** The look the live chat imitates (the settings preview and the chat render it). */
export const MESSENGER_STYLES = ['standard', 'whatsapp', 'imessage'] as const;
export const MESSENGER_STYLE_LABELS: Record<(typeof MESSENGER_STYLES)[number], string> = messengerStyleLabels;
export const SPEED_MIN = 0.1;
export const SPEED_MAX = 2;

/**
 * An image reference in the settings: '' (none), an http(s) URL, an uploaded file (/media/<filename_db>),
 * a bundled image (/img/...) or, for the logo, a bundled svg asset by name (SPEC §2 logo rule).
 */
const assetRef = z.union(
  [
    z.literal(''),
    z.url({ protocol: /^https?$/ }).max(2000),
    z.string().regex(/^\/(media|img)\/[A-Za-z0-9_.\-/]{1,200}$/),
    z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  ],
  { error: 'muss leer, eine http(s)-Adresse, /media/…, /img/… oder ein Asset-Name sein' },
);

/** A link preview's image: '' (the logo or avatar), an http(s) URL, an upload or a bundled image. */
const previewImageRef = z.union(
  [
    z.literal(''),
    z.url({ protocol: /^https?$/ }).max(2000),
    z.string().regex(/^\/(media|img)\/[A-Za-z0-9_.\-/]{1,200}$/),
  ],
  { error: 'muss leer, eine http(s)-Adresse, /media/… oder /img/… sein' },
);

/** One line of a link preview: no line breaks or other control characters (crawlers show one line). */
const previewLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `höchstens ${max} Zeichen`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'darf keine Zeilenumbrüche oder Steuerzeichen enthalten');

export const settingsShape = {
  survey_name: z.string().trim().min(1, 'darf nicht leer sein').max(200, 'höchstens 200 Zeichen'),
  /** Address form of the bot's texts: informal (du) or formal (Sie). */
  du_sie: z.enum(DU_SIE, { error: "muss 'du' oder 'sie' sein" }),
  language: z.enum(SUPPORTED_LANGUAGES, { error: "muss 'de' oder 'en' sein" }),
  privacy_declaration_text: text,
  audio_messages: z.boolean(),
  video_messages: z.boolean(),
  welcome: text,
  ending: text,
  avatar_name: z.string().trim().max(100, 'höchstens 100 Zeichen'),
  avatar_src: assetRef,
  background_link: assetRef,
  accent_color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'muss eine Farbe #RRGGBB sein'),
  logo_src: assetRef,
  /** Speed of the avatar's typing animation (1 = normal). */
  speed: z.number().min(SPEED_MIN, `mindestens ${SPEED_MIN}`).max(SPEED_MAX, `höchstens ${SPEED_MAX}`),
  messenger: z.enum(MESSENGER_STYLES, { error: `muss eines von ${MESSENGER_STYLES.join(', ')} sein` }),
  /** The chat shows a progress indicator (from the longest way still ahead, never moving backwards). */
  progress: z.boolean({ error: 'muss true oder false sein' }),
  /** The redirect after the dialog's ending ('' = none); an end block's own redirect goes first. */
  end_redirect_url: redirectUrlSchema,
  end_redirect_delay: redirectDelaySchema,
  /**
   * After an end block with its own text the Abschluss (ending) is sent as well; false: the end
   * block's text stands in for it (one closing message).
   */
  ending_after_end_block: z.boolean({ error: 'muss true oder false sein' }),
  /** The link preview's title of the public pages (og:title); '' = the dialog's name. */
  preview_title: previewLine(120),
  /** The link preview's text (og:description); '' = the start of the welcome. */
  preview_description: previewLine(300),
  /** The link preview's image (og:image); '' = the logo, else the avatar. */
  preview_image: previewImageRef,
};
export const settingsSchema = z.object(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;
export const SETTINGS_KEYS = Object.keys(settingsShape) as (keyof Settings)[];

export const DEFAULT_WELCOME =
  'Hallo! Schön, dass Sie da sind. Ich stelle Ihnen ein paar kurze Fragen – das dauert nur wenige Minuten.';
export const DEFAULT_ENDING = 'Vielen Dank für Ihre Teilnahme! Sie können das Fenster jetzt schließen.';

type FixMessages = Pick<Settings, 'welcome' | 'ending'>;

/** A new dialog's welcome and ending in each language and, in German, form of address. */
function defaultFixMessages(language: string, address: string): FixMessages {
  if (language === 'en') {
    return {
      welcome:
        'Hello! Good to have you here. I will ask you a few short questions – it only takes a few minutes.',
      ending: 'Thank you for taking part! You can close this window now.',
    };
  }
  if (address === 'du') {
    return {
      welcome:
        'Hallo! Schön, dass du da bist. Ich stelle dir ein paar kurze Fragen – das dauert nur wenige Minuten.',
      ending: 'Vielen Dank für deine Teilnahme! Du kannst das Fenster jetzt schließen.',
    };
  }
  return { welcome: DEFAULT_WELCOME, ending: DEFAULT_ENDING };
}

/**
 * Settings after a change, where a welcome or ending still the default text of the old language and form
 * of address follows the new ones (an author who wrote their own keeps it).
 */
export function followDefaultFixMessages(before: Settings, after: Settings): Settings {
  const was = defaultFixMessages(before.language, before.du_sie);
  const now = defaultFixMessages(after.language, after.du_sie);
  return {
    ...after,
    welcome: after.welcome === was.welcome ? now.welcome : after.welcome,
    ending: after.ending === was.ending ? now.ending : after.ending,
  };
}

/** Settings of a new dialog (SPEC §9: speed 0.5, language de). */
export function defaultSettings(surveyName: string): Settings {
  return {
    survey_name: surveyName,
    du_sie: 'sie',
    language: DEFAULT_LANGUAGE,
    privacy_declaration_text: '',
    audio_messages: false,
    video_messages: false,
    welcome: DEFAULT_WELCOME,
    ending: DEFAULT_ENDING,
    avatar_name: 'Dialogwerk',
    avatar_src: '',
    background_link: '',
    accent_color: LIGHT_COLORS.primary,
    logo_src: '',
    speed: DEFAULT_SPEED,
    messenger: 'standard',
    progress: false,
    end_redirect_url: '',
    end_redirect_delay: 0,
    ending_after_end_block: false,
    preview_title: '',
    preview_description: '',
    preview_image: '',
  };
}

// ---------------------------------------------------------------- dialog data

/** A start or end marker node of the graph with its position (kept in surveys.structure). */
export const markerSchema = z.object({
  id: nodeIdSchema,
  kind: z.enum(['start', 'end']),
  position: positionSchema,
});
export type Marker = z.infer<typeof markerSchema>;

/** GPT exit conditions are owned by the GPT issue; the dialog passes their stored fields through. */
export const gptExitConditionSchema = z.looseObject({
  id: z.number().int(),
  survey_id: z.string(),
  unique_question_id: z.string(),
});

export const connectedSurveySchema = z.object({
  survey_id: z.string(),
  survey_name: z.string(),
  order: z.number().int(),
});

const flagsShape = { bearbeiten: flag, intrance: flag, testen: flag, live_switch: flag, analyse: flag };
export const MODULE_FLAGS = ['bearbeiten', 'intrance', 'testen', 'live_switch', 'analyse'] as const;

export const roleSchema = z.enum(ROLES);

export const dialogSchema = z.object({
  survey_id: z.string(),
  /** The internal numeric id, for clients that need a number (SPEC §3 client config). */
  survey_id_int: z.number().int(),
  survey_name: z.string(),
  all_questions: z.array(blockSchema),
  welcome: z.string(),
  ending: z.string(),
  accent_color: z.string(),
  /** The same as accent_color (SPEC §3 names both). */
  color: z.string(),
  templ_options: z.record(z.string(), z.unknown()),
  gpt_exit_conditions: z.array(gptExitConditionSchema),
  /** The dialogs of the dialog manager this one belongs to, in order; [] when it has none. */
  connected_surveys: z.array(connectedSurveySchema),
  language: z.enum(SUPPORTED_LANGUAGES),
  settings: settingsSchema,
  ...flagsShape,
  active: z.boolean(),
  /** Bumped by every write to the dialog or its blocks. */
  version: z.number().int(),
  structure: z.array(markerSchema),
  /** The caller's role on this dialog. */
  role: roleSchema,
  role_label: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Dialog = z.infer<typeof dialogSchema>;

export const surveyRequest = z.object({ survey_id: surveyIdSchema });

// ---------------------------------------------------------------- dashboard

export const surveyListItemSchema = z.object({
  survey_id: z.string(),
  survey_name: z.string(),
  role: roleSchema,
  role_label: z.string(),
  active: z.boolean(),
  /** Live chat sessions started and finished; 0 while an invitation is pending. */
  participants: z.number().int(),
  finished: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  ...flagsShape,
  /** The caller is invited but has not accepted yet: listed, but not openable until accepted. */
  pending_invite: z.boolean(),
});
export const surveyListResponse = z.object({ surveys: z.array(surveyListItemSchema) });
export type SurveyListItem = z.infer<typeof surveyListItemSchema>;

export const createSurveyRequest = z.object({ survey_name: settingsShape.survey_name });
export const surveyIdResponse = z.object({ survey_id: z.string() });
export const successResponse = z.object({ msg: z.literal('success') });

// ---------------------------------------------------------------- update_survey_settings (SPEC §7)

const settingsPatch = z
  .strictObject(
    Object.fromEntries(SETTINGS_KEYS.map((k) => [k, settingsShape[k].optional()])) as {
      [K in keyof typeof settingsShape]: z.ZodOptional<(typeof settingsShape)[K]>;
    },
  )
  .refine((v) => Object.keys(v).length > 0, 'mindestens ein Feld');

export const updateSurveySettingsRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ survey_id: surveyIdSchema, action: z.literal('config'), changed_values: settingsPatch }),
    z.object({
      survey_id: surveyIdSchema,
      action: z.literal('fixmessages'),
      changed_values: z
        .strictObject({ welcome: text.optional(), ending: text.optional() })
        .refine((v) => v.welcome !== undefined || v.ending !== undefined, 'welcome oder ending fehlt'),
    }),
    z.object({
      survey_id: surveyIdSchema,
      action: z.literal('survey_list_isEnd'),
      changed_values: z.strictObject({ unique_question_id: nodeIdSchema, is_end: flag }),
    }),
  ],
  { error: "action: muss 'config', 'fixmessages' oder 'survey_list_isEnd' sein" },
);
export type UpdateSurveySettingsRequest = z.infer<typeof updateSurveySettingsRequest>;

export const updateSurveySettingsResponse = z.object({
  msg: z.literal('success'),
  version: z.number().int(),
  settings: settingsSchema,
  /** survey_list_isEnd: the changed block. */
  blocks: z.array(blockSchema),
});

// ---------------------------------------------------------------- graph structure (SPEC §7)

/**
 * One edge drawn (or removed, target null) in the graph. From a block: sourceHandle 'option-<i>' sets
 * jump_to_ids[i], any other handle sets jump_to_question; a target that is the end marker means is_end
 * (or, from an option handle, ends the dialog for that option). From the start marker: the target
 * becomes the start_page block.
 */
export const connectionSchema = z.object({
  source: nodeIdSchema,
  target: nodeIdSchema.nullable(),
  sourceHandle: z.string().max(100).nullable().optional(),
});
export type Connection = z.infer<typeof connectionSchema>;
export const OPTION_HANDLE_PREFIX = 'option-';
export const optionHandle = (index: number) => `${OPTION_HANDLE_PREFIX}${index}`;

export const structureParams = z.object({ id: surveyIdSchema });
export const structureRequest = z.object({
  connections: z.array(connectionSchema).min(1, 'mindestens eine Verbindung').max(1000),
});
export const structureResponse = z.object({
  msg: z.literal('success'),
  version: z.number().int(),
  blocks: z.array(blockSchema),
});

// ---------------------------------------------------------------- graph positions

/** The most nodes one positions call may move: a whole dialog of the largest size measured (bench/). */
export const MAX_POSITIONS = 5000;

export const nodePositionSchema = z.object({ id: nodeIdSchema, position: positionSchema });
export type NodePosition = z.infer<typeof nodePositionSchema>;

/**
 * POST /api/surveys/{id}/positions: many nodes moved at once ('Automatisch anordnen', a dragged
 * selection) in one write. Positions are layout: they never make an edit stale and are not in the history.
 */
export const positionsRequest = z.object({
  positions: z
    .array(nodePositionSchema)
    .min(1, 'mindestens eine Position')
    .max(MAX_POSITIONS, `höchstens ${MAX_POSITIONS} Positionen`),
});
export const positionsResponse = z.object({
  msg: z.literal('success'),
  version: z.number().int(),
  blocks: z.array(blockSchema),
  structure: z.array(markerSchema),
});

// ---------------------------------------------------------------- live switch (SPEC §7)

export const switchActivateLinkRequest = z.object({
  /** The dialog object with active already flipped; only survey_id and active are read. */
  item: z.looseObject({ survey_id: surveyIdSchema, active: z.boolean() }),
  /**
   * The author has seen the pre-flight check's warnings (contract/preflight.ts) and goes live anyway;
   * errors refuse going live whatever this says.
   */
  confirm: z.boolean({ error: 'muss true oder false sein' }).optional(),
});
export const switchActivateLinkResponse = z.object({
  msg: z.literal('success'),
  active: z.boolean(),
  version: z.number().int(),
});
