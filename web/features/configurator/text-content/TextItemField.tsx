import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { referencedVariables } from '../../../../contract/text-content.ts';
import { insertVariable } from './items.ts';
import { TextWithChips } from './TextPreview.tsx';
import { VariableMenu } from './VariableMenu.tsx';

interface Props {
  text: string;
  variables: string[];
  error: string | null;
  onChange(text: string): void;
  onCommit(text: string): void;
}

/** A text bubble: multi-line text, {{variable}} insertion at the caret, chips shown below. */
export function TextItemField({ text, variables, error, onChange, onCommit }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const pick = (name: string) => {
    const el = input.current;
    const { text: next, caret } = insertVariable(
      text,
      el?.selectionStart ?? text.length,
      el?.selectionEnd ?? text.length,
      name,
    );
    onCommit(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };
  return (
    <Stack spacing={0.5}>
      <TextField
        multiline
        // Fixed rows: an autosizing field measures the whole page's layout each time it renders.
        rows={2}
        size="small"
        fullWidth
        label={t('configurator.text.textLabel')}
        value={text}
        error={error !== null}
        helperText={error}
        inputRef={input}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onCommit(text)}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <VariableMenu variables={variables} onPick={pick} />
        {referencedVariables(text).length > 0 ? (
          <Box sx={{ typography: 'body2', color: 'text.secondary' }} data-testid="variable-chips">
            <TextWithChips text={text} />
          </Box>
        ) : null}
      </Stack>
    </Stack>
  );
}
