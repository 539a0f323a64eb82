import { ApiError } from '../../api/client.ts';
import { showApiError } from '../../state/error.ts';
import { nothingLeft } from './chat-sources.ts';

/**
 * A respondent action's server call (restart, delete, withdraw): true when it was done or nothing was
 * left on the server to do it to; otherwise the error dialog says why, and the caller changes nothing.
 */
export async function carriedOut(request: () => Promise<unknown>): Promise<boolean> {
  try {
    await request();
    return true;
  } catch (error) {
    if (nothingLeft(error)) return true;
    if (error instanceof ApiError) showApiError(error);
    return false;
  }
}
