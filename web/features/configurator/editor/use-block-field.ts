import { useCallback } from 'react';
import type { Block } from '../../../../contract/blocks.ts';
import { useController } from '../context.ts';
import { blockFieldError } from '../model/field-rules.ts';

/** Validation with the contract schema and the optimistic update of one field of a block. */
export function useBlockField(block: Block) {
  const controller = useController();
  const validate = useCallback(
    (key: string) => (value: unknown) => blockFieldError(block, key, value),
    [block],
  );
  const commit = useCallback(
    (key: string) => (value: unknown) => void controller.updateBlock(block, key, value),
    [block, controller],
  );
  return { validate, commit };
}
