import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { hasContentPadding, showsTopBar } from '../../contract/routes.ts';
import { usePhoneWidth } from '../chat-kit/phone-width.ts';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { GlobalBanner } from '../components/GlobalBanner.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { useRouteMeta } from '../route-context.ts';
import { applyRouteMeta } from '../route-meta.ts';

// Each top bar is its own chunk: respondents never download the authors' bar and vice versa.
const AdminTopBar = lazy(() => import('./AdminTopBar.tsx'));
const LiveTopBar = lazy(() => import('./LiveTopBar.tsx'));

/** The frame around every screen: banner, the route's top bar, content padding, error dialog. */
export function AppShell() {
  const meta = useRouteMeta();
  const phone = usePhoneWidth();
  useEffect(() => applyRouteMeta(meta), [meta]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <GlobalBanner />
      {showsTopBar(meta.name, phone) ? (
        <Suspense fallback={<Box sx={{ height: 64 }} />}>
          {meta.navbar === 'live' ? <LiveTopBar /> : <AdminTopBar />}
        </Suspense>
      ) : null}
      <Box
        component="main"
        data-padded={hasContentPadding(meta.name)}
        sx={{ flexGrow: 1, p: hasContentPadding(meta.name) ? { xs: 2, sm: 3 } : 0 }}
      >
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <ErrorDialog />
    </Box>
  );
}
