import { useEffect, useState } from 'react';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';

/**
 * The flags of the author's current test chat by entry seq (the expected branch; null: not said), so a
 * reloaded assessment chat shows what was flagged. Loaded once the chat is there; a restart reloads the
 * page. Without them the chat still works and flags anew, so a failure shows nothing.
 */
export function useFlaggedAnswers(surveyId: string, enabled: boolean): ReadonlyMap<number, string | null> {
  const [flags, setFlags] = useState<ReadonlyMap<number, string | null>>(new Map());
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    authorApi.call(endpoints.chatFlaggedAnswers, { survey_id: surveyId }).then(
      (res) => {
        if (current) setFlags(new Map(res.flags.map((f) => [f.seq, f.expected_branch])));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [surveyId, enabled]);
  return flags;
}
