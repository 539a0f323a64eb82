import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import type { Quota } from '../../../../contract/quotas.ts';
import { useHiddenFieldNames, useQuotaActions, useQuotas } from '../../../api/quotas-api.ts';
import { blockTitle } from '../../../lib/preview-text.ts';
import { SettingsSection, useActionFailure } from '../settings/SettingsSection.tsx';
import { useBlocks } from '../store.ts';
import { QuotaForm } from './QuotaForm.tsx';
import { choiceBlocks, draftOf, emptyDraft } from './quota-draft.ts';

/** 'Quoten' in the dialog's settings: each quota with its fill, changed or removed; a form adds one. */
export function QuotasSection({ surveyId }: { surveyId: string }) {
  const { t, i18n } = useTranslation();
  const blocks = useBlocks();
  const quotas = useQuotas(surveyId);
  const fields = useHiddenFieldNames(surveyId).data ?? [];
  const actions = useQuotaActions(surveyId);
  const [editing, setEditing] = useState<number | null>(null);
  // A new key empties the add form after each quota added.
  const [formKey, setFormKey] = useState(0);
  const failure = useActionFailure(t('quotas.failed'));
  const failed = failure.failed;
  const byId = new Map(blocks.map((b) => [b.unique_question_id, b]));
  const title = (id: string) => {
    const block = byId.get(id);
    return block ? blockTitle(block, i18n.language) : t('quotas.unknownBlock');
  };
  const describe = (q: Quota) =>
    q.conditions
      .map((c) =>
        c.kind === 'block'
          ? `${title(c.block_id)}: ${c.values.join(', ')}`
          : `${t('quotas.field', { name: c.field })}: ${c.values.join(', ')}`,
      )
      .join(' · ');
  const canDefine = choiceBlocks(blocks).length > 0 || fields.length > 0;
  const formProps = { blocks: blocks as readonly Block[], fields };

  return (
    <SettingsSection title={t('quotas.title')} intro={t('quotas.intro')} failure={failure}>
      {quotas.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('quotas.none')}
        </Typography>
      ) : null}
      {quotas.data?.map((q) => (
        <Box key={q.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          {editing === q.id ? (
            <QuotaForm
              {...formProps}
              initial={draftOf(q)}
              submitLabel={t('quotas.save')}
              busy={actions.update.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={(quota) =>
                actions.update.mutate(
                  { id: q.id, quota },
                  { onSuccess: () => setEditing(null), onError: failed },
                )
              }
            />
          ) : (
            <>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{q.name}</Typography>
                <Typography color={q.count >= q.limit ? 'warning.main' : 'text.secondary'}>
                  {t('quotas.fill', { count: q.count, limit: q.limit })}
                  {q.count >= q.limit ? ` (${t('quotas.full')})` : ''}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {describe(q)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('quotas.endLabel', { end: q.end_block ? title(q.end_block) : t('quotas.dialogEnding') })}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setEditing(q.id)}>
                  {t('quotas.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => actions.remove.mutate(q.id, { onError: failed })}
                >
                  {t('quotas.remove')}
                </Button>
              </Stack>
            </>
          )}
        </Box>
      ))}
      {canDefine ? (
        <QuotaForm
          key={formKey}
          {...formProps}
          initial={emptyDraft()}
          submitLabel={t('quotas.add')}
          busy={actions.create.isPending}
          onSubmit={(quota) =>
            actions.create.mutate(quota, { onSuccess: () => setFormKey((k) => k + 1), onError: failed })
          }
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('quotas.noSources')}
        </Typography>
      )}
    </SettingsSection>
  );
}
