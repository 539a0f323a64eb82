/**
 * A /multi_live/{manager_id} segment as a manager id; null: no manager can have it. Its own module, so
 * the respondent entry reads the route without loading the game screen (a chunk of its own).
 */
export function managerIdParam(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
