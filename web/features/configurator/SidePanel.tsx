import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The panel at the right of the configurator (settings, media, history, the graph's node). It comes
 * after the whole list in the page, so a panel opened from the toolbar takes the focus (its heading),
 * and a closed panel gives the focus back to what opened it.
 */
export function SidePanel({
  title,
  onClose,
  children,
  takeFocus = false,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    // A field of the panel that took the focus itself (a pre-flight link's field) keeps it.
    if (takeFocus && !panel.current?.contains(opener)) heading.current?.focus();
    return () =>
      void requestAnimationFrame(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
  }, [takeFocus]);
  return (
    <Paper
      variant="outlined"
      component="aside"
      ref={panel}
      aria-label={title}
      sx={{
        width: { xs: '100%', md: 460 },
        flexShrink: 0,
        p: 2,
        alignSelf: 'flex-start',
        position: { md: 'sticky' },
        top: { md: 80 },
        maxHeight: { md: 'calc(100vh - 100px)' },
        overflowY: 'auto',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" ref={heading} tabIndex={-1} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('configurator.toolbar.closePanel')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {children}
    </Paper>
  );
}
