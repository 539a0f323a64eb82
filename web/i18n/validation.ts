import type { TFunction } from 'i18next';
import { SHARING_MESSAGES } from '../../contract/labels.ts';
import { deCore } from './de-core.ts';

const AT_MOST = /^höchstens (\d+) Zeichen$/;
const AT_LEAST = /^mindestens (\d+) Zeichen$/;

/**
 * A form field's validation message in the UI language. The contract's schemas (shared with the
 * server) carry German texts; the known ones are translated, any other stays as it is. In German the
 * result is the contract's text letter for letter.
 */
export function validationText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  const sharing = (Object.keys(SHARING_MESSAGES) as (keyof typeof SHARING_MESSAGES)[]).find(
    (key) => SHARING_MESSAGES[key] === message,
  );
  if (sharing) return t(`share.validation.${sharing}`);
  if (message === deCore.validation.empty) return t('validation.empty');
  if (message === deCore.validation.notText) return t('validation.notText');
  const most = AT_MOST.exec(message);
  if (most) return t('validation.atMost', { max: most[1] });
  const least = AT_LEAST.exec(message);
  if (least) return t('validation.atLeast', { min: least[1] });
  return message;
}
