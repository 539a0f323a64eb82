import { ApiError } from '../../../api/client.ts';
import i18next from '../../../i18n/index.ts';
import { type NoticeSeverity, useConfiguratorStore } from '../store.ts';

/** A 409 of update_survey_blocks carries the block as it is now: somebody else changed it. */
const isStaleWrite = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'block' in error.body;

export type FailureNotice = 'reverted' | 'undoFailed' | 'redoFailed' | 'failed';

/** The configurator's notices: a stale write asks for a reload, any other failure says what failed. */
export function createNotices() {
  const store = useConfiguratorStore;
  let nextNoticeKey = 1;

  function notify(severity: NoticeSeverity, text: string) {
    store.setState({ notice: { key: nextNoticeKey++, severity, text } });
  }

  function reportFailure(error: unknown, noticeKey: FailureNotice) {
    console.error(`configurator: ${noticeKey}`, error);
    if (isStaleWrite(error)) {
      store.setState({ stale: true });
      return;
    }
    const detail = error instanceof ApiError ? error.msg || error.title : String(error);
    notify('error', i18next.t(`configurator.notices.${noticeKey}`, { detail }));
  }

  return { notify, reportFailure };
}

export type Notices = ReturnType<typeof createNotices>;
