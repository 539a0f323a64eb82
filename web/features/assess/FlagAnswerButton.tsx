import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlagAnswerResponse } from '../../../contract/chat-feedback.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { showApiError } from '../../state/error.ts';
import { flagChoices } from './flag-rules.ts';

/**
 * 'Falsch zugeordnet' under a routed free-text answer of the assessment chat: the author picks the
 * branch that would have been right ('keiner davon', or none said) and the answer goes to the training
 * inbox, flagged. The chip that shows it was flagged opens the menu again to change the branch (the
 * server updates the answer's inbox entry); the menu leaves out the branch chosen already. flagged: what
 * the answer was flagged with before (a reloaded chat).
 */
export function FlagAnswerButton(props: {
  surveyId: string;
  uniqueQuestionId: string;
  seq: number;
  branches: readonly string[];
  flagged?: string | null;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  /** The branch flagged here; undefined: not flagged here (yet). */
  const [flaggedHere, setChosen] = useState<string | null | undefined>(undefined);
  const chosen = flaggedHere !== undefined ? flaggedHere : props.flagged;
  const labelOf = (branch: string) => (branch === NONE_BRANCH ? t('training.noneLabel') : branch);
  const flag = (expected: string | null) => {
    setAnchor(null);
    setSaving(true);
    authorApi
      .post<FlagAnswerResponse>('/api/chat/flag_answer', {
        survey_id: props.surveyId,
        unique_question_id: props.uniqueQuestionId,
        seq: props.seq,
        expected_branch: expected,
      })
      .then(
        () => setChosen(expected),
        (error: unknown) => {
          if (error instanceof ApiError) showApiError(error);
        },
      )
      .finally(() => setSaving(false));
  };
  const open = (e: { currentTarget: HTMLElement }) => setAnchor(e.currentTarget);
  return (
    <>
      {chosen === undefined ? (
        <Button
          size="small"
          color="inherit"
          startIcon={<FlagOutlinedIcon />}
          disabled={saving}
          aria-haspopup="menu"
          onClick={open}
        >
          {t('assess.flag')}
        </Button>
      ) : (
        <Chip
          size="small"
          color="secondary"
          icon={<FlagOutlinedIcon />}
          label={chosen === null ? t('assess.flagged') : t('training.flaggedAs', { branch: labelOf(chosen) })}
          title={t('training.flagChange')}
          aria-haspopup="menu"
          disabled={saving}
          onClick={open}
        />
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader sx={{ lineHeight: 1.4, py: 1, maxWidth: 320, whiteSpace: 'normal' }}>
          {t('assess.flagTitle')}
        </ListSubheader>
        {flagChoices(props.branches, chosen).map((branch) => (
          <MenuItem key={branch ?? ''} onClick={() => flag(branch)}>
            {branch === null ? t('assess.flagNoBranch') : labelOf(branch)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
