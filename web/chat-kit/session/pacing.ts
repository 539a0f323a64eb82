import type { ChatMessage } from '../../../contract/chat.ts';
import { DEFAULT_SPEED } from '../../../contract/constants.ts';
import { parse } from '../../../contract/text-content.ts';
import { effectiveSpeed } from '../chat-look.ts';

/**
 * How new bot bubbles are paced. Before each bubble the typing indicator shows: for an author's delay
 * marker (#ms#) exactly that long (SPEC §9: delays are milliseconds), otherwise for a "typing" time
 * that grows with the text and is scaled by the dialog's speed (SPEC §3, default 0.5: higher is
 * faster). The respondent's own entries appear at once.
 */
export const TYPING = { perCharMs: 30, minMs: 500, maxMs: 2400, mediaMs: 900 } as const;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The typing time before one bot bubble (its context in the text-content encoding). */
export function bubbleDelayMs(context: string, speed: number | null | undefined): number {
  const items = parse(context);
  const explicit = items.reduce((sum, item) => (item.kind === 'delay' ? sum + item.ms : sum), 0);
  if (explicit > 0) return explicit;
  const content = items.find((item) => item.kind !== 'delay');
  if (!content) return 0;
  const natural =
    content.kind === 'text'
      ? clamp(content.text.length * TYPING.perCharMs, TYPING.minMs, TYPING.maxMs)
      : TYPING.mediaMs;
  return Math.round((natural * DEFAULT_SPEED) / effectiveSpeed(speed));
}

/** The wait before each entry of a turn appears: 0 for the respondent's own, typing time for the bot's. */
export function revealDelays(messages: readonly ChatMessage[], speed: number | null | undefined): number[] {
  return messages.map((m) => (m.user_or_bot === 'user' ? 0 : bubbleDelayMs(m.context, speed)));
}
