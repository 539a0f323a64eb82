import type { SurveyListItem } from '../contract/dialogs.ts';
import { ROLE_LABELS } from '../contract/roles.ts';

/**
 * A row of the author's dialog list (get_survey_list) for web tests: Anna's own, inactive, every module
 * open, nobody answered yet; the role label follows the role. Tests name what they rely on.
 */
export function surveyListItem(over: Partial<SurveyListItem> = {}): SurveyListItem {
  const role = over.role ?? 'owner';
  const survey_id = over.survey_id ?? 's1';
  return {
    survey_id,
    survey_name: `Dialog ${survey_id}`,
    role,
    role_label: ROLE_LABELS[role],
    active: false,
    participants: 0,
    finished: 0,
    created_at: 1,
    updated_at: 1,
    bearbeiten: 1,
    intrance: 1,
    testen: 1,
    live_switch: 1,
    analyse: 1,
    pending_invite: false,
    ...over,
  };
}
