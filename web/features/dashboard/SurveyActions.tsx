import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { authorApi } from '../../api/clients.ts';
import { LazyTooltip } from '../../components/LazyTooltip.tsx';
import { type ModuleKey, modulePath, resolveAnalysePath } from '../../components/module-tabs.ts';
import { MODULE_ICONS } from './module-icons.tsx';
import { canDelete, canDuplicate, openableModules } from './survey-list.ts';

/** Where a module button leads; Analyse first asks for a dialog manager (SPEC §2). */
export async function pathOf(module: ModuleKey, surveyId: string): Promise<string> {
  return module === 'analyse' ? resolveAnalysePath(authorApi, surveyId) : modulePath(module, surveyId);
}

interface Props {
  item: SurveyListItem;
  onDuplicate(item: SurveyListItem): void;
  onDelete(item: SurveyListItem): void;
  duplicating: boolean;
}

/** Open in each module the role allows, duplicate, delete (owner only). */
export function SurveyActions({ item, onDuplicate, onDelete, duplicating }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = async (module: ModuleKey) => navigate(await pathOf(module, item.survey_id));
  const modules = openableModules(item);
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {modules.map((module) => {
        const label = t('dashboard.openIn', { module: t(`tabs.${module}`) });
        return (
          <LazyTooltip key={module} title={label}>
            <IconButton size="small" aria-label={label} onClick={() => void open(module)}>
              {MODULE_ICONS[module]}
            </IconButton>
          </LazyTooltip>
        );
      })}
      {canDuplicate(item) ? (
        <LazyTooltip title={t('dashboard.duplicate')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('dashboard.duplicate')}
              disabled={duplicating}
              onClick={() => onDuplicate(item)}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </span>
        </LazyTooltip>
      ) : null}
      {canDelete(item) ? (
        <LazyTooltip title={t('dashboard.delete')}>
          <IconButton
            size="small"
            aria-label={t('dashboard.delete')}
            color="error"
            onClick={() => onDelete(item)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      ) : null}
    </Stack>
  );
}
