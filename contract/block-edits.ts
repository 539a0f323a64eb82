import {
  BLOCK_TYPES,
  type BlockContent,
  type BlockType,
  COMMON_FIELDS,
  hasOptions,
  optionCountIssue,
} from './blocks.ts';

/**
 * A new block's content per type, and the rule for one changed field (server writes and the web's
 * optimistic updates both follow it).
 */

const defaultLikert = [
  'Stimme gar nicht zu',
  'Stimme eher nicht zu',
  'Teils, teils',
  'Stimme eher zu',
  'Stimme voll zu',
];

const defaultContexts: Record<BlockType, string> = {
  message: 'Neue Nachricht',
  open_text: 'Neue Frage',
  single_choice: 'Neue Frage',
  multiple_choice: 'Neue Frage (Mehrfachauswahl möglich)',
  likert: 'Wie sehr stimmen Sie zu?',
  number: 'Bitte geben Sie eine Zahl ein.',
  email: 'Wie lautet Ihre E-Mail-Adresse?',
  date: 'Bitte wählen Sie ein Datum.',
  link: 'Hier finden Sie mehr Informationen.',
  media: '',
  gpt: 'Stelle eine offene Nachfrage zur letzten Antwort.',
  qa: 'Haben Sie Fragen? Ich beantworte sie gern.',
  end: 'Vielen Dank!',
};

const specificDefaults: { [T in BlockType]: Record<string, unknown> } = {
  message: {},
  open_text: {},
  single_choice: {},
  multiple_choice: {},
  likert: {},
  number: { min: null, max: null, integer: 0 },
  email: {},
  date: { min_date: null, max_date: null },
  link: { link_klick_name: 'Öffnen' },
  media: {},
  gpt: { question: '', max_turns: 3 },
  qa: { qa_pairs: [], qa_fallback: 'Dazu habe ich leider keine Antwort.' },
  end: { redirect_url: '', redirect_delay: 0 },
};

function defaultOptions(type: BlockType): string[] {
  if (type === 'single_choice' || type === 'multiple_choice') return ['Option 1', 'Option 2'];
  if (type === 'likert') return [...defaultLikert];
  return [];
}

/** A new block of a type: valid as it is, so create never needs more than the type. */
export function defaultBlockContent(type: BlockType): BlockContent {
  const options = defaultOptions(type);
  return {
    type,
    context: defaultContexts[type],
    nachfrage: '',
    acknowledgement: '',
    likert_na: 0,
    is_end: type === 'end' ? 1 : 0,
    only_search: 0,
    start_page: 0,
    inverse: 0,
    filename_db: null,
    position: { x: 0, y: 0 },
    options,
    jump_to_ids: options.map(() => null),
    jump_to_question: null,
    field_jumps: [],
    jump_to_reactions: options.map(() => ''),
    short_name: '',
    variable: '',
    link: '',
    optional: 0,
    skip_label: '',
    ...specificDefaults[type],
  } as BlockContent;
}

/**
 * Keeps jump_to_ids and jump_to_reactions parallel when the options change (an update carries one key,
 * so the lists cannot be sent together). An option keeps its jump and reaction when its label is still
 * there (removed, moved or added options); a renamed option keeps those at its index.
 */
export function alignToOptions(
  oldOptions: readonly string[],
  newOptions: readonly string[],
  jumpIds: readonly (string | null)[],
  reactions: readonly string[],
): { jump_to_ids: (string | null)[]; jump_to_reactions: string[] } {
  const used = new Set<number>();
  const source = newOptions.map((label) => {
    const i = oldOptions.findIndex((old, idx) => old === label && !used.has(idx));
    if (i !== -1) used.add(i);
    return i;
  });
  const from = source.map((i, idx) =>
    i !== -1
      ? i
      : idx < oldOptions.length && !used.has(idx) && !newOptions.includes(oldOptions[idx]!)
        ? idx
        : -1,
  );
  return {
    jump_to_ids: from.map((i) => (i === -1 ? null : (jumpIds[i] ?? null))),
    jump_to_reactions: from.map((i) => (i === -1 ? '' : (reactions[i] ?? ''))),
  };
}

/**
 * The candidate content after one changed key, before validation. Server and web (optimistic update)
 * use the same rule: options re-align the parallel lists; a type change keeps the common fields, drops
 * the fields of the old type, fills the new type's defaults, clears options the new type cannot have
 * and, where the kept options are too few or too many for it, gives it its default options.
 */
export function applyChange(content: BlockContent, key: string, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...content, [key]: value };
  if (key === 'options' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    Object.assign(
      next,
      alignToOptions(content.options, value as string[], content.jump_to_ids, content.jump_to_reactions),
    );
  }
  if (key === 'type' && typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value)) {
    const type = value as BlockType;
    const defaults = defaultBlockContent(type) as Record<string, unknown>;
    const keep = new Set(COMMON_FIELDS);
    const switched: Record<string, unknown> = { ...defaults, type };
    for (const [k, v] of Object.entries(content)) if (keep.has(k)) switched[k] = v;
    if (!hasOptions(type)) {
      Object.assign(switched, { options: [], jump_to_ids: [], jump_to_reactions: [] });
    } else if (optionCountIssue(type, content.options.length) !== null) {
      const { options, jump_to_ids, jump_to_reactions } = defaults;
      Object.assign(switched, { options, jump_to_ids, jump_to_reactions });
    }
    if (type === 'end') switched.is_end = 1;
    return switched;
  }
  return next;
}
