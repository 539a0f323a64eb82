import { type LookupAddress, lookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostOf, isPrivateAddress } from './address-guard.ts';

/** One POST of a webhook: the receiver's status and the first characters of its answer, or why none. */
export interface SendResult {
  status: number | null;
  excerpt: string;
  durationMs: number;
}

const TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 500;

/** Resolves as usual, but fails for private addresses: the check holds for the address connected to. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = allowPrivate ? found : found.filter((a) => !isPrivateAddress(a.address));
      const first = allowed[0];
      if (!first) return callback(new Error('address in a private network refused'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, first.address, first.family);
    });
  };
}

function readExcerpt(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= EXCERPT_CHARS) res.destroy();
    });
    res.on('close', () => resolve(text.slice(0, EXCERPT_CHARS)));
    res.on('error', () => resolve(text.slice(0, EXCERPT_CHARS)));
  });
}

export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, excerpt: string): SendResult => ({
    status,
    excerpt,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(rawUrl);
  // A literal address is connected to without a lookup, so it is checked here.
  if (!allowPrivate && isIP(hostOf(url)) && isPrivateAddress(hostOf(url))) {
    return Promise.resolve(done(null, 'address in a private network refused'));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        void readExcerpt(res).then((excerpt) => resolve(done(res.statusCode ?? null, excerpt)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => resolve(done(null, error.message.slice(0, EXCERPT_CHARS))));
    req.end(body);
  });
}
