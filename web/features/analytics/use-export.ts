import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ExportFormat, ExportRequest } from '../../../contract/analytics.ts';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { reportCallError } from '../../lib/report-error.ts';
import { type ExportTarget, exportFileStem, pendingExport, runExport } from './export.ts';

/**
 * The export of a screen: start(request) downloads the file, running tells which format is under way.
 * An export interrupted by the re-login (see export.ts) is finished here once the screen is back.
 */
export function useExport(target: ExportTarget, name: string) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [running, setRunning] = useState<ExportFormat | null>(null);

  const start = useCallback(
    async (request: ExportRequest) => {
      setRunning(request.format ?? 'xlsx');
      try {
        await runExport(request, exportFileStem(name, new Date()));
      } catch (failure) {
        // 'Fresh token required' is no failure: the client went to the re-login, which brings it back.
        if (failure instanceof ApiError && failure.title === ERROR_TITLES.freshTokenRequired) return;
        reportCallError(t('analytics.export.failed'), failure);
      } finally {
        setRunning(null);
      }
    },
    [name, t],
  );

  const replayed = useRef(false);
  useEffect(() => {
    if (replayed.current) return;
    const pending = pendingExport(location.state, target);
    if (!pending) return;
    replayed.current = true;
    // Dropped from the history entry, so a reload or going back does not download the file again.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    void start(pending);
  }, [location, target, navigate, start]);

  return { start, running };
}
