import { useEffect, useState } from 'react';
import type { Routed } from '../../../contract/chat.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';

export interface TestChatRouting {
  /** The flags by entry seq: the expected branch (null: not said). */
  flags: ReadonlyMap<number, string | null>;
  /** Where each routed free-text answer went, by entry seq (author tokens only). */
  routes: ReadonlyMap<number, Routed>;
}

const EMPTY: TestChatRouting = { flags: new Map(), routes: new Map() };

/**
 * The flags and routing of the author's current test chat by entry seq, so the assessment chat shows
 * under each free-text answer where it went and what was flagged. Reloaded whenever the chat grows
 * (`entries`: its message count); a restart reloads the page. Without them the chat still works, so a
 * failure shows nothing.
 */
export function useTestChatRouting(surveyId: string, enabled: boolean, entries: number): TestChatRouting {
  const [routing, setRouting] = useState<TestChatRouting>(EMPTY);
  useEffect(() => {
    if (!enabled || entries === 0) return;
    let current = true;
    const body = { survey_id: surveyId };
    Promise.all([
      authorApi.call(endpoints.chatFlaggedAnswers, body),
      authorApi.call(endpoints.chatRoutedAnswers, body),
    ]).then(
      ([flagged, routed]) => {
        if (!current) return;
        setRouting({
          flags: new Map(flagged.flags.map((f) => [f.seq, f.expected_branch])),
          routes: new Map(routed.routes.map(({ seq, ...r }) => [seq, r])),
        });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [surveyId, enabled, entries]);
  return routing;
}
