/** Sharing roles (SPEC §6) and what each may do (ARCHITECTURE.md, "Roles on a dialog"). */
export const ROLES = ['owner', 'full', 'edit_train', 'train', 'analyse'] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ['full', 'edit_train', 'train', 'analyse'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Besitzer',
  full: 'Voller Zugriff',
  edit_train: 'Bearbeiten + Trainieren',
  train: 'Trainieren',
  analyse: 'Analysieren',
};

export const CAPABILITIES = ['configure', 'train', 'test', 'share', 'analyse'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const MATRIX: Record<Role, readonly Capability[]> = {
  owner: CAPABILITIES,
  full: CAPABILITIES,
  edit_train: ['configure', 'train', 'test'],
  train: ['train', 'test'],
  analyse: ['analyse'],
};

export function roleAllows(role: Role, capability: Capability): boolean {
  return MATRIX[role].includes(capability);
}

/**
 * What a call needs on a dialog: a capability of the matrix, 'view' (any accepted member), 'live_switch'
 * (configure, and the dialog's live_switch flag on) or 'owner'.
 */
export type DialogNeed = Capability | 'view' | 'live_switch' | 'owner';
