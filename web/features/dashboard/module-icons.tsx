import BarChartIcon from '@mui/icons-material/BarChart';
import EditIcon from '@mui/icons-material/Edit';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SchoolIcon from '@mui/icons-material/School';
import ShareIcon from '@mui/icons-material/Share';
import type { ReactElement } from 'react';
import type { ModuleKey } from '../../components/module-tabs.ts';

/** One icon per module of the tab bar (Bearbeiten, Trainieren, Testen, Teilen, Analyse). */
export const MODULE_ICONS: Record<ModuleKey, ReactElement> = {
  configurator: <EditIcon fontSize="small" />,
  training: <SchoolIcon fontSize="small" />,
  assess: <QuestionAnswerIcon fontSize="small" />,
  share: <ShareIcon fontSize="small" />,
  analyse: <BarChartIcon fontSize="small" />,
};
