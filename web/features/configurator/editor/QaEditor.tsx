import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { TextContentEditor } from '../text-content/TextContentEditor.tsx';
import { DraftTextField } from './DraftTextField.tsx';
import { FlagSwitch } from './FlagSwitch.tsx';
import { LlmNotice } from './LlmNotice.tsx';
import { useBlockField } from './use-block-field.ts';

type QaBlock = Extract<Block, { type: 'qa' }>;
type Pair = QaBlock['qa_pairs'][number];

/** Question-and-answer pairs, the fallback answer and only_search. */
export function QaEditor({ block }: { block: QaBlock }) {
  const { t } = useTranslation();
  const { validate, commit } = useBlockField(block);
  const [draft, setDraft] = useState<Pair | null>(null);
  const pairs = block.qa_pairs;
  const replaceAt = (index: number, pair: Pair) => pairs.map((p, i) => (i === index ? pair : p));
  /** The message about one pair field, as the schema reports it for the whole list. */
  const pairError = (next: Pair[]) => validate('qa_pairs')(next);
  const addDraft = () => setDraft({ question: '', answer: '' });
  const saveDraft = (pair: Pair) => {
    if (pair.question.trim() === '' || pair.answer.trim() === '') {
      setDraft(pair);
      return;
    }
    const next = [...pairs, pair];
    if (pairError(next) === null) {
      commit('qa_pairs')(next);
      setDraft(null);
    }
  };
  return (
    <Stack spacing={1}>
      <LlmNotice block={block} />
      <Typography variant="subtitle2">{t('configurator.editor.qaPairs')}</Typography>
      {pairs.map((pair, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pairs are positional
        <Paper key={index} variant="outlined" sx={{ p: 1 }}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <DraftTextField
              label={t('configurator.editor.qaQuestion')}
              value={pair.question}
              validate={(text) => pairError(replaceAt(index, { ...pair, question: text }))}
              onCommit={(text) => commit('qa_pairs')(replaceAt(index, { ...pair, question: text }))}
            />
            <DraftTextField
              multiline
              label={t('configurator.editor.qaAnswer')}
              value={pair.answer}
              validate={(text) => pairError(replaceAt(index, { ...pair, answer: text }))}
              onCommit={(text) => commit('qa_pairs')(replaceAt(index, { ...pair, answer: text }))}
            />
            <IconButton
              aria-label={t('configurator.editor.removePair')}
              onClick={() => commit('qa_pairs')(pairs.filter((_, i) => i !== index))}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Stack>
        </Paper>
      ))}
      {draft ? (
        <Paper variant="outlined" sx={{ p: 1, borderStyle: 'dashed' }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
            <DraftTextField
              autoFocus
              label={t('configurator.editor.qaQuestion')}
              value={draft.question}
              onCommit={(text) => saveDraft({ ...draft, question: text })}
            />
            <DraftTextField
              multiline
              label={t('configurator.editor.qaAnswer')}
              value={draft.answer}
              onCommit={(text) => saveDraft({ ...draft, answer: text })}
            />
          </Stack>
        </Paper>
      ) : (
        <Button size="small" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={addDraft}>
          {t('configurator.editor.addPair')}
        </Button>
      )}
      {pairs.length === 0 && !draft ? <FormHelperText>{t('configurator.text.empty')}</FormHelperText> : null}
      <TextContentEditor
        label={t('configurator.editor.qaFallback')}
        value={block.qa_fallback}
        onCommit={commit('qa_fallback')}
      />
      <FlagSwitch
        label={t('configurator.editor.onlySearch')}
        value={block.only_search}
        onChange={commit('only_search')}
      />
    </Stack>
  );
}
