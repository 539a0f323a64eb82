/** Messages of the dialogs area's refusals, shared with the areas that read blocks. */
export const BLOCK_NOT_FOUND = 'Block nicht gefunden.';
