import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { ChatInput, ChatTurnResponse } from '../contract/chat.ts';

/**
 * The load bench/chat-turns.ts puts on a chat server: simulated respondents answering a dialog as the chat
 * page would, all at once (saturate) or at a given rate (paced), and the figures of a run.
 */

/** The respondents simulated at once, each with its own live token. */
export const RESPONDENTS = 200;

function answerFor(input: ChatInput, n: number): string | string[] {
  switch (input.type) {
    case 'single_choice':
    case 'likert':
      return input.options[n % input.options.length]!;
    case 'multiple_choice':
      return [input.options[0]!, input.options[input.options.length - 1]!];
    case 'number':
      return String(Math.max(input.min ?? 1, 5));
    case 'email':
      return `person${n}@example.org`;
    case 'date':
      return '24.12.1990';
    default:
      return n % 2 === 0 ? 'Der Preis war zu hoch.' : `Antwort ${n}`;
  }
}

export async function post(base: string, path: string, body: object, token?: string) {
  const call = () =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  let res = await call();
  // A busy machine may hold a freshly started server's event loop past the overload guard: wait, retry.
  for (let tries = 0; res.status === 503 && tries < 10; tries++) {
    await sleep(1000);
    res = await call();
  }
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the run (for CPU per request). */
  count: number;
}

export function summary(r: autocannon.Result): Figures {
  const failed = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'));
  if (failed.length > 0 || r.errors > 0 || r.timeouts > 0) {
    console.log(
      `  failures: ${JSON.stringify({ status: Object.fromEntries(failed), errors: r.errors, timeouts: r.timeouts })}`,
    );
  }
  return {
    perSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
    count: r.requests.total,
  };
}

export interface Respondent {
  token: string;
  /** What to send next: an answer to this input, or after the end a restart, then a start. */
  input: ChatInput | 'restart' | 'start';
  n: number;
}

/** The respondent's next chat call, as the chat page would make it. */
function nextCall(r: Respondent, surveyId: string): { path: string; body: string } {
  if (r.input === 'restart') {
    return {
      path: '/api/restart_delete',
      body: JSON.stringify({ survey_id: surveyId, action: 'restart', live: true }),
    };
  }
  if (r.input === 'start') return { path: '/api/chat/start', body: JSON.stringify({ survey_id: surveyId }) };
  r.n += 1;
  return {
    path: '/api/chat/answer',
    body: JSON.stringify({
      survey_id: surveyId,
      unique_question_id: r.input.unique_question_id,
      nachfrage_id: r.input.nachfrage_id,
      turn: r.input.turn,
      answer: answerFor(r.input, r.n),
    }),
  };
}

function record(r: Respondent, status: number, body: string) {
  if (status !== 200 || r.input === 'restart') {
    // As the chat page does: a restart (or an error) reloads, and the reload starts or resumes.
    r.input = 'start';
    return;
  }
  r.input = (JSON.parse(body) as ChatTurnResponse).input ?? 'restart';
}

/** A run stops with answers in flight: every respondent resumes from the server's state first. */
async function resync(url: string, surveyId: string, respondents: Respondent[]) {
  for (const r of respondents) {
    const turn = (await post(
      url,
      '/api/chat/start',
      { survey_id: surveyId },
      r.token,
    )) as unknown as ChatTurnResponse;
    r.input = turn.input ?? 'restart';
  }
}

type Slot = { r: Respondent };

/** All respondents answering at once, each as soon as it has its response (autocannon, closed loop). */
export async function saturate(url: string, surveyId: string, respondents: Respondent[], seconds: number) {
  await resync(url, surveyId, respondents);
  // autocannon clears a connection's context after every request, so respondents wait in a pool:
  // a request takes one, its response puts it back, and no respondent is ever in flight twice. A request
  // that timed out never answers (autocannon drops its connection): with the pool empty, the respondent
  // in flight longest is taken again.
  const idle = [...respondents];
  const inFlight = new Set<Respondent>();
  const result = await autocannon({
    url,
    connections: RESPONDENTS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const r = idle.shift() ?? inFlight.values().next().value!;
          inFlight.delete(r);
          inFlight.add(r);
          (context as Slot).r = r;
          const headers = { 'content-type': 'application/json', authorization: `Bearer ${r.token}` };
          return { ...req, ...nextCall(r, surveyId), headers };
        },
        onResponse: (status, body, context) => {
          const r = (context as Slot).r;
          inFlight.delete(r);
          idle.push(r);
          record(r, status, body);
        },
      },
    ],
  });
  return summary(result);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: RESPONDENTS });

function send(url: string, call: { path: string; body: string }, token: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${url}${call.path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The respondents offering `rate` turns per second in total, evenly spread: each answers every
 * RESPONDENTS / rate seconds, staggered. (autocannon's own rate limit sends each second's quota as one
 * burst, which measures its burst, not the latency at that rate.) Latency counts from the send; how late
 * sends left against the plan is reported beside it (a busy machine delays this process too).
 */
export async function paced(
  url: string,
  surveyId: string,
  respondents: Respondent[],
  seconds: number,
  rate: number,
) {
  await resync(url, surveyId, respondents);
  const interval = (RESPONDENTS / rate) * 1000;
  const latencies: number[] = [];
  const lags: number[] = [];
  const failures = new Map<number, number>();
  const begin = performance.now();
  const end = begin + seconds * 1000;
  await Promise.all(
    respondents.map(async (r, i) => {
      // A server that cannot keep up leaves the plan behind; the run still ends on time.
      for (
        let planned = begin + (i * interval) / RESPONDENTS;
        planned < end && performance.now() < end;
        planned += interval
      ) {
        const wait = planned - performance.now();
        if (wait > 0) await sleep(wait);
        const sent = performance.now();
        lags.push(sent - planned);
        const res = await send(url, nextCall(r, surveyId), r.token);
        latencies.push(performance.now() - sent);
        if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
        record(r, res.status, res.body);
      }
    }),
  );
  const took = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  if (failures.size > 0)
    console.log(`  failures: ${JSON.stringify({ status: Object.fromEntries(failures) })}`);
  const ms = (v: number) => Math.round(v * 10) / 10;
  return {
    perSecond: latencies.length / took,
    p50: ms(percentile(latencies, 50)),
    p99: ms(percentile(latencies, 99)),
    errors: [...failures.values()].reduce((a, b) => a + b, 0),
    count: latencies.length,
    lagP99: ms(percentile(lags, 99)),
  };
}

/** Closes the kept-alive sockets of the paced runs, so that the process can end. */
export function releaseSockets() {
  agent.destroy();
}
