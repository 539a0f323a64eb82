import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';

/** A call's result for a screen: loading, its data, not found (404) or failed; retry runs it again. */
export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'notFound' }
  | { status: 'failed'; error: unknown };

/** Runs load whenever it changes (memoise it); a result that arrives after a newer call is dropped. */
export function useLoad<T>(load: () => Promise<T>): Load<T> & { retry(): void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the same call on retry
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current &&
        setState(
          error instanceof ApiError && error.status === 404
            ? { status: 'notFound' }
            : { status: 'failed', error },
        ),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
