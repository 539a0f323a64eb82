/** Error messages of dialog managers and triggers (also asserted by the route tests). */
export const MANAGER_NOT_FOUND = 'Dialog-Manager nicht gefunden.';
export const MANAGER_OWNER_ONLY = 'Das kann nur der Besitzer des Dialog-Managers.';
export const TRIGGER_NOT_FOUND = 'Trigger nicht gefunden.';
