import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useManagerSummary, useRefreshOnUpdateButton } from './analytics-api.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { FiltersBar } from './FiltersBar.tsx';
import { GameProgress } from './GameProgress.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import { SurveyAnalytics } from './SurveyAnalytics.tsx';
import { useExport } from './use-export.ts';
import { useFilterState } from './use-filter-state.ts';

/** A route parameter as a positive id, 0 when it is none (the summary then does not load). */
function idParam(value: string | undefined): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * /analyse_multichat/{dialog_manager_id}: how far players got through the game, then each connected
 * dialog's analysis in its own tab; the filters and the export cover the whole game.
 */
export default function AnalyseMultiChatScreen() {
  const { t } = useTranslation();
  const managerId = idParam(useParams().dialog_manager_id);
  useRefreshOnUpdateButton();
  const target = useMemo(() => ({ dialog_manager_id: managerId }), [managerId]);
  const { state, setState, filters, addFilter, showAll } = useFilterState(target);
  const summary = useManagerSummary(managerId, filters);
  const [tab, setTab] = useState(0);
  const dialogs = summary.data?.dialogs ?? [];
  const current = dialogs[Math.min(tab, dialogs.length - 1)];
  const name = summary.data ? summary.data.game_title || summary.data.name : '';
  const exporter = useExport(target, name || `Spiel_${managerId}`);
  const blockLabels = useMemo(
    () => new Map(dialogs.flatMap((d) => d.blocks.map((b) => [b.unique_question_id, b.label] as const))),
    [dialogs],
  );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2 }}>
      <ScreenHeader
        title={t('screens.AnalyseMultiChat')}
        name={name}
        actions={
          <ExportButtons
            running={exporter.running}
            onExport={(format) => void exporter.start({ dialog_manager_id: managerId, format, filters })}
          />
        }
      />
      <FiltersBar state={state} onChange={setState} blockLabels={blockLabels} />
      {summary.isError || managerId === 0 ? (
        <Alert severity="error">
          {(summary.error instanceof ApiError && summary.error.msg) || t('analytics.loadFailed')}
        </Alert>
      ) : null}
      {summary.isPending && !summary.isError && managerId > 0 ? <PageLoading /> : null}
      {summary.isFetching && summary.data ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {summary.data ? <GameProgress summary={summary.data} /> : null}
      {summary.data && dialogs.length === 0 ? (
        <Alert severity="info">{t('analytics.multichat.noDialogs')}</Alert>
      ) : null}
      {current ? (
        <>
          <Tabs
            value={Math.min(tab, dialogs.length - 1)}
            onChange={(_, next: number) => setTab(next)}
            variant="scrollable"
            aria-label={t('analytics.multichat.dialogs')}
          >
            {dialogs.map((d) => (
              <Tab key={d.survey_id} label={d.survey_name} />
            ))}
          </Tabs>
          <SurveyAnalytics
            key={current.survey_id}
            summary={current}
            filters={filters}
            mode={state.mode}
            onShowAll={showAll}
            onFilter={addFilter}
          />
        </>
      ) : null}
    </Box>
  );
}
