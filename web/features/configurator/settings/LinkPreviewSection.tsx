import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../contract/dialogs.ts';
import { plainText } from '../../../../contract/text-content.ts';
import { DraftTextField } from '../editor/DraftTextField.tsx';
import { settingsFieldError } from '../model/field-rules.ts';
import { AssetField } from './AssetField.tsx';
import { SettingsSection } from './SettingsSection.tsx';

type PreviewKey = 'preview_title' | 'preview_description' | 'preview_image';

/** The start of the welcome as one line, as the server's page head takes it for an empty description. */
const welcomeLine = (welcome: string) => plainText(welcome).replace(/\s+/g, ' ').trim().slice(0, 120);

/**
 * The dialog's own link preview (og:title, og:description, og:image of /dialog, /assess_live and
 * /widget): each field empty by default, its placeholder saying what the page head uses instead.
 */
export function LinkPreviewSection(props: {
  settings: Settings;
  save: <K extends PreviewKey>(key: K) => (value: Settings[K]) => void;
}) {
  const { t } = useTranslation();
  const { settings, save } = props;
  const empty = (value: string) => t('configurator.settings.previewDefault', { value });
  return (
    <SettingsSection
      title={t('configurator.settings.previewSection')}
      intro={t('configurator.settings.previewIntro')}
    >
      <DraftTextField
        label={t('configurator.settings.previewTitle')}
        value={settings.preview_title}
        placeholder={empty(settings.survey_name)}
        slotProps={{ inputLabel: { shrink: true } }}
        validate={(v) => settingsFieldError('preview_title', v)}
        onCommit={save('preview_title')}
      />
      <DraftTextField
        label={t('configurator.settings.previewDescription')}
        value={settings.preview_description}
        multiline
        minRows={2}
        placeholder={empty(welcomeLine(settings.welcome))}
        slotProps={{ inputLabel: { shrink: true } }}
        validate={(v) => settingsFieldError('preview_description', v)}
        onCommit={save('preview_description')}
      />
      <AssetField
        label={t('configurator.settings.previewImage')}
        use="logo"
        rule="preview_image"
        value={settings.preview_image}
        placeholder={empty(settings.logo_src || settings.avatar_src || t('configurator.settings.assetNone'))}
        onCommit={save('preview_image')}
      />
    </SettingsSection>
  );
}
