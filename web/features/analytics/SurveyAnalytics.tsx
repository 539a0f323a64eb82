import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type {
  AnalyticsFiltersInput,
  AnalyticsMode,
  SurveySummaryResponse,
} from '../../../contract/analytics.ts';
import { ColumnGrid } from '../../components/ColumnGrid.tsx';
import { BlockResultCard } from './BlockResultCard.tsx';
import { CrosstabPanel } from './CrosstabPanel.tsx';
import { DropoffPanel } from './DropoffPanel.tsx';
import { HeadlineCards } from './HeadlineCards.tsx';
import { ParticipationChart } from './ParticipationChart.tsx';
import { QuotasPanel } from './QuotasPanel.tsx';
import { RespondentsPanel } from './RespondentsPanel.tsx';

export interface SurveyAnalyticsProps {
  summary: SurveySummaryResponse;
  filters: AnalyticsFiltersInput;
  mode: AnalyticsMode;
  onShowAll(): void;
  onFilter(uniqueQuestionId: string, value: string, skipped?: boolean): void;
}

/**
 * Every section of one dialog's analysis: headline figures, participation, drop-off, quotas, results
 * per block, cross-tabulation and respondents. Analyse shows it once, the multi-chat analysis per dialog.
 */
export function SurveyAnalytics({ summary, filters, mode, onShowAll, onFilter }: SurveyAnalyticsProps) {
  const { t } = useTranslation();
  const surveyId = summary.survey_id;
  const withResults = summary.blocks.filter((b) => b.result.kind !== 'none');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <HeadlineCards headline={summary.headline} mode={mode} onShowAll={onShowAll} />
      <ColumnGrid columns={{ xs: '1fr', lg: '1fr 1fr' }}>
        <ParticipationChart perDay={summary.per_day} />
        <DropoffPanel blocks={summary.blocks} />
      </ColumnGrid>
      <QuotasPanel surveyId={surveyId} />
      {withResults.length > 0 ? (
        <Typography variant="h5" component="h2">
          {t('analytics.results.title')}
        </Typography>
      ) : null}
      <ColumnGrid columns={{ xs: '1fr', lg: '1fr 1fr' }}>
        {withResults.map((block) => (
          <BlockResultCard
            key={block.unique_question_id}
            surveyId={surveyId}
            block={block}
            filters={filters}
            onFilter={onFilter}
          />
        ))}
      </ColumnGrid>
      <CrosstabPanel surveyId={surveyId} blocks={summary.blocks} filters={filters} />
      <RespondentsPanel surveyId={surveyId} filters={filters} />
    </Box>
  );
}
