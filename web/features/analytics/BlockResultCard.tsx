import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFiltersInput, BlockSummary } from '../../../contract/analytics.ts';
import { DateResult } from './DateResult.tsx';
import { formatCount, formatNumber } from './format.ts';
import { NumberResult } from './NumberResult.tsx';
import { OptionBars } from './OptionBars.tsx';
import { Section } from './Section.tsx';
import { Stat } from './Stat.tsx';
import { TextAnswers } from './TextAnswers.tsx';
import { WordingsNote } from './WordingsNote.tsx';

export interface BlockResultProps {
  surveyId: string;
  block: BlockSummary;
  filters: AnalyticsFiltersInput;
  /** skipped: the sessions that skipped the block (value ignored), not those that gave an answer. */
  onFilter(uniqueQuestionId: string, value: string, skipped?: boolean): void;
}

/** One block's results by its type (blocks without input have none and are not shown). */
export function BlockResultCard({ surveyId, block, filters, onFilter }: BlockResultProps) {
  const { t } = useTranslation();
  const { result } = block;
  if (result.kind === 'none') return null;
  const filter = (value: string) => onFilter(block.unique_question_id, value);

  return (
    <Section title={block.label}>
      {block.wordings ? <WordingsNote wordings={block.wordings} /> : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('analytics.results.respondents', { count: result.respondents })}
        {block.followups > 0 ? ` · ${t('analytics.results.followups', { count: block.followups })}` : ''}
        {block.skipped > 0 ? (
          <>
            {' · '}
            <Link
              component="button"
              variant="body2"
              onClick={() => onFilter(block.unique_question_id, '', true)}
              aria-label={t('analytics.filters.addFilter', { value: t('analytics.dropoff.skipped') })}
            >
              {t('analytics.results.skipped', { count: block.skipped })}
            </Link>
          </>
        ) : null}
      </Typography>
      {result.kind === 'choice' ? (
        <OptionBars title={block.label} options={result.options} onFilter={filter} />
      ) : null}
      {result.kind === 'likert' ? (
        <Box>
          {result.inverse ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('analytics.results.inverse')}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
            <Stat label={t('analytics.results.mean')} value={formatNumber(result.mean)} />
            <Stat label={t('analytics.results.sd')} value={formatNumber(result.sd)} />
          </Box>
          <OptionBars title={block.label} options={result.options} onFilter={filter} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('analytics.results.notApplicable', { count: result.not_applicable })}
          </Typography>
        </Box>
      ) : null}
      {result.kind === 'number' ? <NumberResult title={block.label} result={result} /> : null}
      {result.kind === 'date' ? <DateResult title={block.label} result={result} /> : null}
      {result.kind === 'text' ? (
        <Box>
          {result.branches.length > 0 ? (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('analytics.results.branches')}:{' '}
              {result.branches
                .map((b) => `${b.branch ?? t('analytics.results.noneBranch')} (${formatCount(b.count)})`)
                .join(' · ')}
            </Typography>
          ) : null}
          <TextAnswers surveyId={surveyId} uniqueQuestionId={block.unique_question_id} filters={filters} />
        </Box>
      ) : null}
    </Section>
  );
}
