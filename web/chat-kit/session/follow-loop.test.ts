import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { backoffMs, isFatal, MAX_BACKOFF_MS, runFollowLoop } from './follow-loop.ts';

interface Turn {
  finished: boolean;
  after_id: number;
}

const turn = (after_id: number, finished = false): Turn => ({ after_id, finished });
const fail = (status: number) => new ApiError(status, 'x', 'y');

/** A loop whose answers come from a list; each answer moves the last known id on. */
function setup(answers: (Turn | Error)[]) {
  let afterId = 0;
  const controller = new AbortController();
  const sent: number[] = [];
  const turns: [Turn, number][] = [];
  const sleeps: number[] = [];
  const onFatal = vi.fn();
  const follow = vi.fn(async (after: number) => {
    sent.push(after);
    const next = answers.shift();
    if (next === undefined) {
      controller.abort();
      return turn(after);
    }
    if (next instanceof Error) throw next;
    return next;
  });
  const run = () =>
    runFollowLoop<Turn>({
      follow,
      afterId: () => afterId,
      onTurn: (res, sentAfter) => {
        turns.push([res, sentAfter]);
        afterId = res.after_id;
      },
      onFatal,
      signal: controller.signal,
      sleep: async (ms) => void sleeps.push(ms),
    });
  return { run, sent, turns, sleeps, onFatal, follow, controller };
}

describe('the long-poll loop', () => {
  it('asks again after each answer with the newest id, until the game is finished', async () => {
    const s = setup([turn(0), turn(4), turn(7, true), turn(9)]);
    await s.run();
    expect(s.sent).toEqual([0, 0, 4]);
    expect(s.turns.map(([res, after]) => [res.after_id, after])).toEqual([
      [0, 0],
      [4, 0],
      [7, 4],
    ]);
  });

  it('asks after the newest id it has seen even when the screen has not caught up yet', async () => {
    const controller = new AbortController();
    const sent: number[] = [];
    const answers = [turn(3), turn(6, true)];
    await runFollowLoop<Turn>({
      follow: async (after) => {
        sent.push(after);
        return answers.shift()!;
      },
      afterId: () => 1,
      onTurn: () => {},
      onFatal: vi.fn(),
      signal: controller.signal,
    });
    expect(sent).toEqual([1, 3]);
  });

  it('backs off on failures that may pass and starts over after a success', async () => {
    const s = setup([new Error('offline'), fail(503), fail(0), turn(2), fail(500)]);
    await s.run();
    expect(s.sleeps).toEqual([1000, 2000, 4000, 1000]);
    expect(s.onFatal).not.toHaveBeenCalled();
  });

  it('ends and reports when waiting cannot help (401, 403, 404)', async () => {
    const s = setup([fail(403), turn(5)]);
    await s.run();
    expect(s.onFatal).toHaveBeenCalledTimes(1);
    expect(s.follow).toHaveBeenCalledTimes(1);
    expect(isFatal(fail(401))).toBe(true);
    expect(isFatal(fail(404))).toBe(true);
    expect(isFatal(fail(409))).toBe(false);
  });

  it('stops when aborted, also with an answer under way, and never hands it over', async () => {
    const controller = new AbortController();
    const onTurn = vi.fn();
    let release: (t: Turn) => void = () => {};
    const loop = runFollowLoop<Turn>({
      follow: () => new Promise<Turn>((resolve) => (release = resolve)),
      afterId: () => 0,
      onTurn,
      onFatal: vi.fn(),
      signal: controller.signal,
    });
    controller.abort();
    release(turn(3));
    await loop;
    expect(onTurn).not.toHaveBeenCalled();
  });

  it('waits at most 30 s between attempts', () => {
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(5)).toBe(16_000);
    expect(backoffMs(50)).toBe(MAX_BACKOFF_MS);
  });
});
