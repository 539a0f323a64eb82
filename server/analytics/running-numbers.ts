import type { AppContext } from '../context.ts';
import { type Place, sessionsBefore, sessionsBetween } from './queries/respondents.ts';

type Ctx = Pick<AppContext, 'db'>;
type Mode = 'live' | 'test';

/** A session by its place in the numbering order: start, then id. */
export interface NumberedSession {
  id: number;
  mode: Mode;
  started_at: number;
}

const before = (a: Place, b: Place) => a.started < b.started || (a.started === b.started && a.id < b.id);

/**
 * The running numbers of a dialog's sessions (contract: respondentSchema.number): their ranks by start
 * and id among the dialog's sessions of their mode, the number Analyse shows as 'Nr.'. Per mode, the
 * sessions that started before the earliest asked for are counted (along the index chat_sessions_filter,
 * without reading them), and the ones from there to the latest asked for are read in order: for a page of
 * the list, about a page. Asked again for later sessions (the export's pages, in start order), it goes on
 * from the last session it read, so a whole export reads each session once.
 */
export class RunningNumbers {
  private readonly last = new Map<Mode, Place & { number: number }>();

  constructor(
    private readonly ctx: Ctx,
    private readonly surveyId: number,
  ) {}

  async of(rows: readonly NumberedSession[]): Promise<Map<number, number>> {
    const numbers = new Map<number, number>();
    for (const mode of new Set(rows.map((r) => r.mode))) {
      const own = rows
        .map((r) => ({ started: Number(r.started_at), id: r.id }))
        .filter((_, i) => rows[i]!.mode === mode);
      const first = own.reduce((a, b) => (before(b, a) ? b : a));
      const upto = own.reduce((a, b) => (before(a, b) ? b : a));
      let from = this.last.get(mode);
      if (from && before(first, from)) throw new Error('RunningNumbers: sessions asked for out of order');
      if (!from) {
        const counted = await sessionsBefore(this.ctx.db, this.surveyId, mode, first.started);
        from = { started: first.started, id: 0, number: counted };
      }
      const start = from;
      const range = await sessionsBetween(this.ctx.db, this.surveyId, mode, start, upto);
      const wanted = new Set(own.map((r) => r.id));
      let number = start.number;
      for (const r of range) {
        number += 1;
        if (wanted.has(r.id)) numbers.set(r.id, number);
      }
      this.last.set(mode, { ...upto, number });
    }
    return numbers;
  }
}
