import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUPPORTED_LANGUAGES } from '../../../../contract/constants.ts';
import {
  DU_SIE,
  MESSENGER_STYLES,
  type Settings,
  SPEED_MAX,
  SPEED_MIN,
} from '../../../../contract/dialogs.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { useController } from '../context.ts';
import { DraftTextField } from '../editor/DraftTextField.tsx';
import { RedirectFields } from '../editor/RedirectFields.tsx';
import { HiddenFieldsSection } from '../hidden-fields/HiddenFieldsSection.tsx';
import { settingsFieldError } from '../model/field-rules.ts';
import { QuotasSection } from '../quotas/QuotasSection.tsx';
import { useConfiguratorStore, useUnsavedDraft } from '../store.ts';
import { TextContentEditor } from '../text-content/TextContentEditor.tsx';
import { VersionModeSection } from '../versions/VersionModeSection.tsx';
import { WebhooksSection } from '../webhooks/WebhooksSection.tsx';
import { AddressCheck } from './AddressCheck.tsx';
import { AssetField } from './AssetField.tsx';
import { ChatPreview } from './ChatPreview.tsx';
import { LinkPreviewSection } from './LinkPreviewSection.tsx';
import { RetentionSection } from './RetentionSection.tsx';
import { SETTINGS_LABEL_KEYS } from './settings-labels.ts';

type Draft = Partial<Settings>;

/** Every settings key of SPEC §3, with a live preview of the chat. */
export function SettingsPanel() {
  const { t, i18n } = useTranslation();
  const controller = useController();
  const settings = useConfiguratorStore((s) => s.dialog?.settings);
  const surveyId = useConfiguratorStore((s) => s.dialog?.survey_id);
  const isOwner = useConfiguratorStore((s) => s.dialog?.role === 'owner');
  const inGame = useConfiguratorStore((s) => (s.dialog?.connected_surveys.length ?? 0) > 0);
  const label = (key: keyof Settings) => t(SETTINGS_LABEL_KEYS[key]);
  // A pre-flight link names the field that fixes its issue (?field=…): it gets the focus.
  const linkedField = useSearchParams()[0].get('field');
  /** Values being edited but not saved yet (colour picker, slider), so the preview follows at once. */
  const [draft, setDraft] = useState<Draft>({});
  const changed = settings
    ? (Object.keys(draft) as (keyof Settings)[]).filter((key) => draft[key] !== settings[key])
    : [];
  useUnsavedDraft(
    changed.length > 0,
    changed.includes('accent_color') && settingsFieldError('accent_color', draft.accent_color ?? '') !== null,
  );
  if (!settings) return null;
  const shown = { ...settings, ...draft };
  const save =
    <K extends keyof Settings>(key: K) =>
    (value: Settings[K]) => {
      setDraft(({ [key]: _, ...rest }) => rest);
      if (value !== settings[key]) void controller.updateSettings(key, value);
    };
  const text = (key: 'survey_name' | 'avatar_name' | 'privacy_declaration_text', multiline = false) => (
    <DraftTextField
      label={label(key)}
      autoFocus={linkedField === key}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={settings[key]}
      validate={(v) => settingsFieldError(key, v)}
      onCommit={save(key)}
    />
  );
  const accentError = settingsFieldError('accent_color', shown.accent_color);
  return (
    <Stack spacing={2} data-testid="settings-panel">
      <ChatPreview settings={shown} />
      {text('survey_name')}
      <Stack>
        <FormLabel id="du-sie-label">{label('du_sie')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="du-sie-label"
          value={settings.du_sie}
          onChange={(e) => save('du_sie')(e.target.value as Settings['du_sie'])}
        >
          {DU_SIE.map((v) => (
            <FormControlLabel
              key={v}
              value={v}
              control={<Radio size="small" />}
              label={t(`configurator.settings.${v}`)}
            />
          ))}
        </RadioGroup>
        {surveyId && settings.language === 'de' ? (
          <AddressCheck surveyId={surveyId} address={settings.du_sie} />
        ) : null}
      </Stack>
      <SelectField
        label={label('language')}
        value={settings.language}
        options={SUPPORTED_LANGUAGES}
        optionLabel={(l) => t(`configurator.settings.languages.${l}`)}
        onChange={save('language')}
      />
      {text('privacy_declaration_text', true)}
      <Stack>
        <FormControlLabel
          label={label('audio_messages')}
          control={
            <Switch
              checked={settings.audio_messages}
              onChange={(e) => save('audio_messages')(e.target.checked)}
            />
          }
        />
        <FormControlLabel
          label={label('progress')}
          control={
            <Switch checked={settings.progress} onChange={(e) => save('progress')(e.target.checked)} />
          }
        />
        <FormControlLabel
          label={label('video_messages')}
          control={
            <Switch
              checked={settings.video_messages}
              onChange={(e) => save('video_messages')(e.target.checked)}
            />
          }
        />
      </Stack>
      <TextContentEditor label={label('welcome')} value={settings.welcome} onCommit={save('welcome')} />
      <TextContentEditor label={label('ending')} value={settings.ending} onCommit={save('ending')} />
      <Stack>
        <FormControlLabel
          label={label('ending_after_end_block')}
          control={
            <Switch
              checked={settings.ending_after_end_block}
              onChange={(e) => save('ending_after_end_block')(e.target.checked)}
            />
          }
        />
        <Typography variant="body2" color="text.secondary" data-testid="ending-sent-note">
          {t(
            settings.ending_after_end_block
              ? 'configurator.settings.endingAfterEndBlockOn'
              : 'configurator.settings.endingAfterEndBlockOff',
          )}
        </Typography>
      </Stack>
      {text('avatar_name')}
      <AssetField
        label={label('avatar_src')}
        use="avatar"
        value={settings.avatar_src}
        onCommit={save('avatar_src')}
      />
      <AssetField
        label={label('background_link')}
        use="background"
        value={settings.background_link}
        onCommit={save('background_link')}
      />
      <AssetField
        label={label('logo_src')}
        use="logo"
        value={settings.logo_src}
        onCommit={save('logo_src')}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          type="color"
          size="small"
          label={label('accent_color')}
          value={accentError ? settings.accent_color : shown.accent_color}
          onChange={(e) => setDraft((d) => ({ ...d, accent_color: e.target.value.toUpperCase() }))}
          onBlur={() => save('accent_color')(shown.accent_color)}
          sx={{ width: 120 }}
        />
        <TextField
          size="small"
          label={label('accent_color')}
          value={shown.accent_color}
          error={accentError !== null}
          helperText={accentError}
          onChange={(e) => setDraft((d) => ({ ...d, accent_color: e.target.value }))}
          onBlur={() => {
            if (accentError === null) save('accent_color')(shown.accent_color);
          }}
          slotProps={{ htmlInput: { 'aria-label': `${label('accent_color')} (#RRGGBB)` } }}
        />
      </Stack>
      <Stack>
        <Typography id="speed-label" variant="body2">
          {label('speed')}: {shown.speed.toLocaleString(i18n.language)}
        </Typography>
        <Slider
          aria-labelledby="speed-label"
          min={SPEED_MIN}
          max={SPEED_MAX}
          step={0.1}
          value={shown.speed}
          valueLabelDisplay="auto"
          onChange={(_, v) => setDraft((d) => ({ ...d, speed: v as number }))}
          onChangeCommitted={(_, v) => save('speed')(Math.round((v as number) * 10) / 10)}
        />
      </Stack>
      <SelectField
        label={label('messenger')}
        value={settings.messenger}
        options={MESSENGER_STYLES}
        optionLabel={(m) => t(`configurator.settings.messengers.${m}`)}
        onChange={save('messenger')}
      />
      <LinkPreviewSection settings={settings} save={save} />
      <Typography variant="subtitle1" component="h3">
        {t('panel.redirectTitle')}
      </Typography>
      {/* A game's dialogs hand the chat to one another: redirects and quotas apply only to their own link. */}
      {inGame ? (
        <Alert severity="info" variant="outlined" data-testid="game-panel-note">
          {t('panel.inGame')}
        </Alert>
      ) : null}
      <RedirectFields
        url={settings.end_redirect_url}
        delay={settings.end_redirect_delay}
        empty={t('panel.redirectNone')}
        validate={{
          url: (v) => settingsFieldError('end_redirect_url', v),
          delay: (v) => settingsFieldError('end_redirect_delay', v),
        }}
        onUrl={save('end_redirect_url')}
        onDelay={save('end_redirect_delay')}
      />
      {surveyId ? <VersionModeSection surveyId={surveyId} /> : null}
      {surveyId ? <HiddenFieldsSection surveyId={surveyId} /> : null}
      {surveyId ? <QuotasSection surveyId={surveyId} /> : null}
      {surveyId ? <RetentionSection surveyId={surveyId} isOwner={isOwner} /> : null}
      {surveyId ? <WebhooksSection surveyId={surveyId} /> : null}
    </Stack>
  );
}
