import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  needsAttention,
  type PreflightCode,
  type PreflightIssue,
  type PreflightSeverity,
} from '../../contract/preflight.ts';

/** The settings field an issue is fixed in: its link opens the settings with the focus there. */
const SETTINGS_FIELD: Partial<Record<PreflightCode, string>> = { no_privacy: 'privacy_declaration_text' };

/** Where an issue is fixed: the settings panel, the block in the configurator, or its training. */
export function preflightHref(surveyId: string, issue: PreflightIssue): string {
  const block = encodeURIComponent(issue.unique_question_id ?? '');
  switch (issue.place) {
    case 'settings': {
      const field = SETTINGS_FIELD[issue.code];
      return `/configurator/${surveyId}?panel=settings${field ? `&field=${field}` : ''}`;
    }
    case 'training':
      return `/intrance/${surveyId}?block=${block}`;
    case 'block':
      return `/configurator/${surveyId}?block=${block}`;
  }
}

/** Each severity's icon, and its name for screen readers. */
function SeverityIcon({ severity }: { severity: PreflightSeverity }) {
  const { t } = useTranslation();
  switch (severity) {
    case 'error':
      return <ErrorOutlineIcon color="error" titleAccess={t('preflight.error')} />;
    case 'warning':
      return <WarningAmberIcon color="warning" titleAccess={t('preflight.warning')} />;
    case 'info':
      return <InfoOutlinedIcon color="info" titleAccess={t('preflight.info')} />;
  }
}

/**
 * The pre-flight check's findings (contract/preflight.ts), errors first, each a link to its place; info
 * items (the end redirects' addresses) come last and leave the verdict 'no problems' standing. Used
 * by the live switch of the top bar and by 'Prüfen' in the configurator. onNavigate: a link was followed.
 */
export function PreflightList(props: {
  surveyId: string;
  issues: PreflightIssue[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const errors = props.issues.some((i) => i.severity === 'error');
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {!props.issues.some(needsAttention)
          ? t('preflight.none')
          : errors
            ? t('preflight.errors')
            : t('preflight.warnings')}
      </Typography>
      <List dense disablePadding data-testid="preflight-list">
        {props.issues.map((issue) => (
          <ListItem
            key={`${issue.code}:${issue.unique_question_id ?? ''}`}
            disableGutters
            data-severity={issue.severity}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <SeverityIcon severity={issue.severity} />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link
                  component={RouterLink}
                  to={preflightHref(props.surveyId, issue)}
                  onClick={props.onNavigate}
                >
                  {issue.message}
                </Link>
              }
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
