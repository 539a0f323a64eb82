import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import type { DiffBlock, DiffVersionsResponse, FieldChange } from '../../../../contract/versions.ts';
import { blockTitle } from '../../../lib/preview-text.ts';
import { blockFieldLabelKey } from '../editor/block-field-labels.ts';
import { SETTINGS_LABEL_KEYS } from '../settings/settings-labels.ts';
import { useBlocks } from '../store.ts';
import { formatDiffValue } from './diff-format.ts';

const DIFF_FIELD_KEYS = [
  'routing_model',
  'gpt_exit_conditions',
  'jump_to_ids',
  'jump_to_reactions',
  'qa_pairs',
];

function DiffSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
        {title} ({count})
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** Words and names for the values of a diff: block ids by their place and title in the dialog as it is. */
function useValueWords() {
  const { t, i18n } = useTranslation();
  const blocks = useBlocks();
  const byId = new Map<string, Block>(blocks.map((b) => [b.unique_question_id, b]));
  return {
    language: i18n.language,
    words: {
      empty: t('versions.diff.empty'),
      next: t('configurator.editor.jump.next'),
      yes: t('versions.diff.yes'),
      no: t('versions.diff.no'),
      name: (id: string) => {
        const block = byId.get(id);
        if (block)
          return t('configurator.editor.jump.block', {
            order: block.order,
            text: blockTitle(block, i18n.language),
          });
        return id.startsWith('end_node_') ? t('configurator.editor.jump.end') : undefined;
      },
    },
  };
}

function FieldRows({ fields, type }: { fields: FieldChange[]; type?: Block['type'] }) {
  const { t } = useTranslation();
  const { words, language } = useValueWords();
  const label = (field: string) => {
    if (DIFF_FIELD_KEYS.includes(field))
      return t(`versions.diff.fields.${field}` as 'versions.diff.fields.qa_pairs');
    if (type === undefined && Object.hasOwn(SETTINGS_LABEL_KEYS, field))
      return t(SETTINGS_LABEL_KEYS[field as keyof typeof SETTINGS_LABEL_KEYS]);
    const key = blockFieldLabelKey(field, type);
    return key === null ? field : t(key);
  };
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      {fields.map((f) => (
        <Box key={f.field} sx={{ display: 'grid', gap: 0.25 }} data-testid="diff-field">
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {label(f.field)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Box
              component="del"
              sx={(theme) => ({
                bgcolor: alpha(theme.palette.error.main, 0.14),
                px: 0.25,
                borderRadius: 0.5,
              })}
              aria-label={t('versions.diff.before')}
            >
              {formatDiffValue(f.field, f.before, words, language)}
            </Box>
            {' → '}
            <Box
              component="ins"
              sx={(theme) => ({
                bgcolor: alpha(theme.palette.success.main, 0.16),
                textDecoration: 'none',
                px: 0.25,
                borderRadius: 0.5,
              })}
              aria-label={t('versions.diff.after')}
            >
              {formatDiffValue(f.field, f.after, words, language)}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A diff as the author reads it: blocks added, removed, moved and changed field by field, then settings. */
export function DiffView({ diff }: { diff: DiffVersionsResponse }) {
  const { t } = useTranslation();
  const type = (b: Pick<DiffBlock, 'type'>) => t(`configurator.types.${b.type}`);
  if (diff.same) return <Typography color="text.secondary">{t('versions.diff.same')}</Typography>;
  const { moved, changed } = diff.blocks;
  /** 'Nr. 3 · Einfachauswahl: Zufrieden': where the block is, its type and its name or text. */
  const head = (b: DiffBlock) =>
    `${t('versions.diff.blockAt', { position: b.position })} · ${type(b)}: ${b.label || type(b)}`;
  return (
    <Stack spacing={2} data-testid="version-diff">
      {(['added', 'removed'] as const).map((kind) => (
        <DiffSection key={kind} title={t(`versions.diff.${kind}`)} count={diff.blocks[kind].length}>
          {diff.blocks[kind].map((b) => (
            <li key={b.unique_question_id}>{head(b)}</li>
          ))}
        </DiffSection>
      ))}
      <DiffSection title={t('versions.diff.moved')} count={moved.length}>
        {moved.map((b) => (
          <li key={b.unique_question_id}>
            {b.label || type(b)}:{' '}
            {t('versions.diff.movedFromTo', { from: b.from_position, to: b.to_position })}
          </li>
        ))}
      </DiffSection>
      <DiffSection title={t('versions.diff.changed')} count={changed.length}>
        {changed.map((b) => (
          <li key={b.unique_question_id}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {head(b)}
            </Typography>
            <FieldRows fields={b.fields} type={b.type} />
          </li>
        ))}
      </DiffSection>
      {diff.settings.length > 0 ? (
        <Box component="section" aria-label={t('versions.diff.settings')}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
            {t('versions.diff.settings')} ({diff.settings.length})
          </Typography>
          <FieldRows fields={diff.settings} />
        </Box>
      ) : null}
    </Stack>
  );
}
