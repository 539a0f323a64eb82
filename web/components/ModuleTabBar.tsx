import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { authorApi } from '../api/clients.ts';
import { useRouteMeta } from '../route-context.ts';
import { useDialogStore } from '../state/dialog.ts';
import { activeModule, type ModuleTab, modulePath, moduleTabs, resolveAnalysePath } from './module-tabs.ts';
import { useSelectedTabInView } from './use-selected-tab-in-view.ts';

/** Bearbeiten, Trainieren, Testen, Teilen, Analyse (SPEC §2, "Module tab bar"). */
export function ModuleTabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const params = useParams();
  const dialog = useDialogStore((s) => s.dialog);
  const surveyId = params.survey_id ?? dialog?.survey_id;
  const active = activeModule(meta.name);
  const tabs = useRef<HTMLDivElement>(null);
  useSelectedTabInView(tabs, active);

  const open = async (tab: ModuleTab) => {
    if (!surveyId || tab.key === active) return;
    const to =
      tab.key === 'analyse' ? await resolveAnalysePath(authorApi, surveyId) : modulePath(tab.key, surveyId);
    navigate(to);
  };

  return (
    <Tabs
      ref={tabs}
      value={active ?? false}
      aria-label={t('tabs.label')}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ minHeight: 48 }}
    >
      {moduleTabs(dialog).map((tab) => (
        <Tab
          key={tab.key}
          value={tab.key}
          label={t(`tabs.${tab.key}`)}
          disabled={tab.disabled || !surveyId}
          onClick={() => void open(tab)}
        />
      ))}
    </Tabs>
  );
}
