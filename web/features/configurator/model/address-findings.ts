import {
  type Address,
  type AddressHit,
  contentAddressHits,
  convertContentAddress,
} from '../../../../contract/address-form.ts';
import type { Block } from '../../../../contract/blocks.ts';

/** The author's text fields that speak to respondents, in the order the block panel shows them. */
const BLOCK_FIELDS = ['question', 'context', 'nachfrage', 'acknowledgement'] as const;
export type AddressField = (typeof BLOCK_FIELDS)[number] | 'welcome' | 'ending';

/**
 * One author text that still uses the other form of address than the dialog's (contract/address-form.ts):
 * where it is, the words found, and the text with the sure conversions made (equal to `before` when
 * none is sure).
 */
export interface AddressFinding {
  block: Block | null;
  field: AddressField;
  hits: AddressHit[];
  before: string;
  after: string;
}

function finding(block: Block | null, field: AddressField, text: string, address: Address): AddressFinding[] {
  const hits = contentAddressHits(text, address);
  if (hits.length === 0) return [];
  return [{ block, field, hits, before: text, after: convertContentAddress(text, address) }];
}

/** Every text of the dialog (welcome, blocks in order, ending) that still speaks in the other form. */
export function addressFindings(
  dialog: { welcome: string; ending: string; all_questions: readonly Block[] },
  address: Address,
): AddressFinding[] {
  return [
    ...finding(null, 'welcome', dialog.welcome, address),
    ...dialog.all_questions.flatMap((block) =>
      BLOCK_FIELDS.flatMap((field) => {
        const value = (block as Partial<Record<AddressField, unknown>>)[field];
        return typeof value === 'string' ? finding(block, field, value, address) : [];
      }),
    ),
    ...finding(null, 'ending', dialog.ending, address),
  ];
}

/** The findings a conversion changes. */
export const convertible = (findings: readonly AddressFinding[]) =>
  findings.filter((f) => f.after !== f.before);
