import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useHiddenFieldNames } from '../../api/quotas-api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useHeldDialog } from '../../lib/held-dialog.ts';
import { useRefreshOnUpdateButton, useSurveySummary } from './analytics-api.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { FiltersBar } from './FiltersBar.tsx';
import { RetentionNote } from './RetentionNote.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import { SurveyAnalytics } from './SurveyAnalytics.tsx';
import { useExport } from './use-export.ts';
import { useFilterState, useSeenVersions } from './use-filter-state.ts';

/**
 * /analyse/{survey_id} (and its refresh_login sub-route): the figures of one dialog under the filters
 * bar, the export, and the top bar's update button refreshing everything.
 */
export default function AnalyseScreen() {
  const { t } = useTranslation();
  const surveyId = useParams().survey_id ?? '';
  const held = useHeldDialog(surveyId);
  useRefreshOnUpdateButton();
  const target = useMemo(() => ({ survey_id: surveyId }), [surveyId]);
  const { state, setState, filters, addFilter, showAll } = useFilterState(target);
  const summary = useSurveySummary(surveyId, filters);
  const name = summary.data?.survey_name ?? held.dialog?.survey_name ?? '';
  const exporter = useExport(target, name || surveyId);
  const hiddenFieldNames = useHiddenFieldNames(surveyId).data;
  const versions = useSeenVersions(summary.data?.versions, state.version);
  const blockLabels = useMemo(
    () => new Map((summary.data?.blocks ?? []).map((b) => [b.unique_question_id, b.label])),
    [summary.data],
  );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2 }}>
      <ScreenHeader
        title={t('screens.Analyse')}
        name={name}
        note={<RetentionNote surveyId={surveyId} />}
        actions={
          <ExportButtons
            running={exporter.running}
            onExport={(format) => void exporter.start({ survey_id: surveyId, format, filters })}
          />
        }
      />
      <FiltersBar
        state={state}
        onChange={setState}
        blockLabels={blockLabels}
        hiddenFieldNames={hiddenFieldNames}
        versions={versions}
      />
      {summary.isError ? (
        <Alert severity="error">
          {(summary.error instanceof ApiError && summary.error.msg) || t('analytics.loadFailed')}
        </Alert>
      ) : null}
      {summary.isPending && !summary.isError ? <PageLoading /> : null}
      {summary.isFetching && summary.data ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {summary.data ? (
        <SurveyAnalytics
          summary={summary.data}
          filters={filters}
          mode={state.mode}
          onShowAll={showAll}
          onFilter={addFilter}
        />
      ) : null}
    </Box>
  );
}
