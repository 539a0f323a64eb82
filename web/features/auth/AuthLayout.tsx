import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo.tsx';
import { productLogo } from '../../components/logo.ts';
import { useThemeModeStore } from '../../state/theme-mode.ts';

/** The centred card of the sign-in screens (no top bar, no content padding). */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const mode = useThemeModeStore((s) => s.mode);
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo value={productLogo(mode)} alt="Dialogwerk" />
        </Box>
        <Typography variant="h5" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
