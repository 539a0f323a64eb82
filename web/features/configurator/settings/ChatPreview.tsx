import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../contract/dialogs.ts';
import { Logo } from '../../../components/Logo.tsx';
import { TextWithChips } from '../text-content/TextPreview.tsx';
import { assetUrl, avatarInitials, chatLook, sampleMessage } from './chat-look.ts';

const bubble = {
  px: 1.5,
  py: 1,
  borderRadius: 2,
  maxWidth: '80%',
  typography: 'body2',
  boxShadow: 1,
} as const;

/** How the live chat will look with these settings: header, avatar, accent colour, a sample exchange. */
export function ChatPreview({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const look = chatLook(settings);
  const background = assetUrl(settings.background_link);
  const logo = assetUrl(settings.logo_src);
  const avatar = assetUrl(settings.avatar_src);
  const sample = sampleMessage(settings.welcome);
  return (
    <Box
      role="img"
      aria-label={t('configurator.settings.preview')}
      data-testid="chat-preview"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', width: '100%' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1.5, py: 1, bgcolor: look.header, color: look.headerText }}
      >
        <Avatar
          src={avatar ?? undefined}
          alt={settings.avatar_name}
          data-testid="preview-avatar"
          sx={{ width: 32, height: 32, bgcolor: settings.accent_color, color: look.headerText, fontSize: 14 }}
        >
          {avatarInitials(settings.avatar_name)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {settings.avatar_name}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.8 }}>
            {t('configurator.settings.previewTyping')}
          </Typography>
        </Box>
        {logo ? (
          <Box component="img" src={logo} alt="" sx={{ maxHeight: 28, maxWidth: 90 }} />
        ) : settings.logo_src ? (
          <Logo value={settings.logo_src} alt="" />
        ) : null}
      </Stack>
      <Stack
        spacing={1}
        sx={{
          p: 1.5,
          minHeight: 150,
          bgcolor: look.background,
          backgroundImage: background ? `url("${background}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Box
          sx={{ ...bubble, alignSelf: 'flex-start', bgcolor: look.botBubble, color: look.botText }}
          data-testid="preview-bubble"
        >
          <TextWithChips text={sample || settings.survey_name} />
        </Box>
        <Box sx={{ ...bubble, alignSelf: 'flex-end', bgcolor: look.userBubble, color: look.userText }}>
          {t('configurator.settings.previewAnswer')}
        </Box>
      </Stack>
    </Box>
  );
}
