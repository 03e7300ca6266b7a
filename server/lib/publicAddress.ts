import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Which addresses the server may call on someone's say-so (no server-side request forgery): a
 * web-push endpoint (notification/pushEndpoint.ts) or a webhook's URL (modules/webhooks) names a
 * place the server will POST to, and none may be the server's own network, its cloud's metadata
 * service or anything else that is not the public internet. A webhook's host name is checked
 * again on every connection, on the very addresses the connection then uses (guardedLookup), so a
 * name that resolved to a public address when it was saved and resolves to 127.0.0.1 now (DNS
 * rebinding) is refused before anything is sent.
 */

/** Ranges that are not the public internet (RFC 6890 and the clouds' metadata addresses in them). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (AWS, GCP, Azure metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS's metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address as its 8 groups, or undefined when it is not one. */
function groupsOf(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase().replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:127.0.0.1) as two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...new Array(8 - first.length - last.length).fill(0), ...last];
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIPv4(groups: number[]): string | undefined {
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeros = (...gs: (number | undefined)[]) => gs.every((g) => g === 0);
  if (zeros(g0, g1, g2, g3, g4) && (g5 === 0xffff || g5 === 0)) return quad(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return quad(g6, g7);
  if (g0 === 0x2002) return quad(g1 ?? 0, g2 ?? 0);
  return undefined;
}

/** Whether `address` (an IP address) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (version !== 6) return false;
  const groups = groupsOf(address);
  if (!groups) return false;
  const v4 = embeddedIPv4(groups);
  if (v4 !== undefined) return isPublicAddress(v4);
  return !NOT_PUBLIC.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** A URL's host as an address when it is one (`[::1]` → `::1`), else undefined. */
export function addressOf(host: string): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : undefined;
}

/** localhost, or an address that is not public: what a URL given by someone must not name. */
export function isPrivateHost(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const address = addressOf(h);
  return address !== undefined && !isPublicAddress(address);
}

/** How host names are resolved: every address, as the system resolver answers (tests inject one). */
export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Addresses that are not public but a configuration allows anyway (tests' own receiver on
 * 127.0.0.1): each an address or a CIDR range.
 */
export function allowListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether the server may connect to `address`: a public one, or one the configuration allows. */
export function mayConnectTo(address: string, allowed: BlockList): boolean {
  if (isPublicAddress(address)) return true;
  const version = isIP(address);
  return version !== 0 && allowed.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/** A refusal to connect, with the sentence that says why. */
export class AddressRefused extends Error {}

const refusedSentence = (host: string, address: string) =>
  `${host} resolves to ${address}, which is not a public internet address (loopback, private, link-local, carrier-grade NAT, multicast or a cloud metadata address).`;

/**
 * Every address `hostname` resolves to, refused (AddressRefused) when any may not be connected
 * to: one private answer is enough, since a connection may take any of them.
 */
export async function resolvePublic(
  hostname: string,
  lookup: HostLookup,
  allowed: BlockList,
): Promise<{ address: string; family: number }[]> {
  const literal = addressOf(hostname);
  const found = literal ? [{ address: literal, family: isIP(literal) }] : await lookup(hostname);
  if (found.length === 0) throw new AddressRefused(`${hostname} resolves to no address.`);
  const refused = found.find((a) => !mayConnectTo(a.address, allowed));
  if (refused) throw new AddressRefused(refusedSentence(hostname, refused.address));
  return found;
}

/**
 * The `lookup` of an outgoing connection (node:http's option): resolves with `lookup` and hands
 * the connection only addresses it may use, so what was checked is what is connected to.
 */
export function guardedLookup(lookup: HostLookup, allowed: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, lookup, allowed).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = family ? found.filter((a) => a.family === family) : found;
        const first = usable[0];
        if (!first) callback(new AddressRefused(`${hostname} has no IPv${family} address.`), '', 0);
        else if (options.all) (callback as (e: null, all: typeof usable) => void)(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}
