import type { Settings } from '../../../../contract/dialogs.ts';

/**
 * The i18n key of each settings field's label in the settings form; the change history names a
 * changed setting by the same label.
 */
export const SETTINGS_LABEL_KEYS = {
  survey_name: 'configurator.settings.surveyName',
  du_sie: 'configurator.settings.duSie',
  language: 'configurator.settings.language',
  privacy_declaration_text: 'configurator.settings.privacy',
  audio_messages: 'configurator.settings.audioMessages',
  video_messages: 'configurator.settings.videoMessages',
  welcome: 'configurator.settings.welcome',
  ending: 'configurator.settings.ending',
  avatar_name: 'configurator.settings.avatarName',
  avatar_src: 'configurator.settings.avatarSrc',
  background_link: 'configurator.settings.background',
  accent_color: 'configurator.settings.accentColor',
  logo_src: 'configurator.settings.logo',
  speed: 'configurator.settings.speed',
  messenger: 'configurator.settings.messenger',
  progress: 'configurator.settings.progress',
  end_redirect_url: 'configurator.settings.endRedirectUrl',
  end_redirect_delay: 'configurator.settings.endRedirectDelay',
  ending_after_end_block: 'configurator.settings.endingAfterEndBlock',
  preview_title: 'configurator.settings.previewTitle',
  preview_description: 'configurator.settings.previewDescription',
  preview_image: 'configurator.settings.previewImage',
} as const satisfies Record<keyof Settings, `configurator.settings.${string}`>;
