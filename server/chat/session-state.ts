import { z } from 'zod';
import type { ChatState } from './engine/types.ts';

/**
 * What chat_sessions.state holds: the engine's state and the number of stored entries. Shared by the
 * single chat and the multi-dialog chat, whose dialogs are chat sessions too.
 */
const storedStateSchema = z.object({
  seq: z.number().int().min(0),
  chat: z.object({
    status: z.enum(['new', 'waiting', 'finished']),
    at: z
      .union([
        z.object({
          id: z.string(),
          phase: z.literal('question'),
          step: z.number().int().min(0).optional(),
          order: z.number().int().min(1).optional(),
        }),
        z.object({ id: z.string(), phase: z.literal('nachfrage'), next: z.string().nullable() }),
        // Multi-dialog chats only (engine/types.ts Waiting); states stored before them never have these.
        z.object({ id: z.string(), phase: z.literal('held') }),
        z.object({ id: z.string(), phase: z.literal('away'), next: z.string().nullable() }),
      ])
      .nullable(),
    turn: z.number().int().min(0),
    vars: z.record(z.string(), z.string()),
    progress: z.number().min(0).max(100).optional(),
    end: z.string().optional(),
  }),
});

export interface Session {
  id: number;
  seq: number;
  chat: ChatState;
}

/**
 * States this process wrote (storedState) from the engine's typed result: read back on the session's
 * next turn, they need no check against the schema, which cost more than the rest of reading a session
 * (bench/chat-turns.ts). Any other text (another process's, an older version's) is checked. Bounded, the
 * oldest forgotten first; a forgotten state is only checked again.
 */
const written = new Set<string>();
const MAX_WRITTEN = 10_000;

/** A state this version cannot read counts as no session: the chat starts anew instead of failing. */
export function readSession(id: number | null, text: string | null): Session | undefined {
  if (id === null || text === null) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (written.has(text)) return { id, ...(json as { seq: number; chat: ChatState }) };
    const parsed = storedStateSchema.safeParse(json);
    return parsed.success ? { id, ...(parsed.data as { seq: number; chat: ChatState }) } : undefined;
  } catch {
    return undefined;
  }
}

export function storedState(seq: number, chat: ChatState): string {
  const text = JSON.stringify({ seq, chat });
  written.add(text);
  if (written.size > MAX_WRITTEN) written.delete(written.values().next().value!);
  return text;
}
