import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { plainText } from '../../../../contract/text-content.ts';
import { useApi } from '../../../route-context.ts';
import { configuratorApi } from '../api.ts';

export const llmStatusKey = ['llm_status'] as const;

/**
 * Whether a language model writes the GPT block's follow-ups and the Q&A block's answers
 * (GET /api/llm_status), so the author knows what respondents will get before testing.
 */
export function LlmNotice({ block }: { block: Extract<Block, { type: 'gpt' | 'qa' }> }) {
  const { t } = useTranslation();
  const api = useApi();
  const { data } = useQuery({
    queryKey: llmStatusKey,
    queryFn: () => configuratorApi(api).llmStatus(),
    // The server's configuration changes only with a restart.
    staleTime: 5 * 60_000,
  });
  if (!data) return null;
  const configured =
    data.model === null ? '' : t('configurator.editor.llm.configured', { model: data.model });
  let text: string;
  // Without a follow-up text of its own a gpt block has nothing to ask when the model is missing or fails.
  const noFollowUp = block.type === 'gpt' && plainText(block.nachfrage).trim() === '';
  if (block.type === 'gpt') {
    text = configured || t('configurator.editor.llm.gptOff');
    if (noFollowUp) text = `${text} ${t('configurator.editor.llm.gptNoFollowUp')}`;
  } else if (block.only_search === 1) text = t('configurator.editor.llm.qaOnlySearch');
  else
    text = configured
      ? `${configured} ${t('configurator.editor.llm.qaLlm')}`
      : t('configurator.editor.llm.qaOff');
  return (
    <Alert
      severity={noFollowUp ? 'warning' : data.configured ? 'success' : 'info'}
      variant="outlined"
      data-testid="llm-notice"
    >
      {text}
    </Alert>
  );
}
