import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../http/errors.ts';
import { WEBHOOK_ERRORS } from './errors.ts';

/**
 * Webhook addresses must not reach the server's own networks (a dialog's editor could otherwise probe
 * them, SSRF): private, loopback, link-local, shared, multicast and reserved ranges are refused unless
 * the operator sets WEBHOOK_ALLOW_PRIVATE. Checked when an address is saved and again on every
 * connection (send.ts), since a name may resolve elsewhere later.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as net and dns take it (without an IPv6 literal's brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Refuses (400) an address the webhook may not use. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw badRequest(WEBHOOK_ERRORS.httpsOnly);
  }
  if (allowPrivate) return url.toString();
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw badRequest(WEBHOOK_ERRORS.unresolvable);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    throw badRequest(WEBHOOK_ERRORS.privateAddress);
  return url.toString();
}
