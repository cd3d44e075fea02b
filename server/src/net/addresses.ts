// Which IP addresses a server-side call may reach: every internal, special-purpose or reserved
// range is refused (loopback, private, link-local, CGNAT, unique local, multicast, broadcast…),
// and an IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, ::ffff:0:a.b.c.d, NAT64, 6to4)
// is judged by the IPv4 address too. OUTBOUND_ALLOW entries (host names, host:port, IPs, CIDRs) open exceptions.
import net from 'node:net';

/** Why an address is internal; undefined for a public one. */
export type AddressKind = 'no-especificada' | 'loopback' | 'privada' | 'enlace-local' | 'cgnat' | 'local-unica' | 'multicast' | 'reservada';

const V4_RANGES: Array<[string, number, AddressKind]> = [
  ['0.0.0.0', 8, 'no-especificada'],
  ['10.0.0.0', 8, 'privada'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'enlace-local'],
  ['172.16.0.0', 12, 'privada'],
  ['192.0.0.0', 24, 'reservada'],
  ['192.0.2.0', 24, 'reservada'],
  ['192.88.99.0', 24, 'reservada'],
  ['192.168.0.0', 16, 'privada'],
  ['198.18.0.0', 15, 'reservada'],
  ['198.51.100.0', 24, 'reservada'],
  ['203.0.113.0', 24, 'reservada'],
  ['224.0.0.0', 4, 'multicast'],
  // Includes the broadcast address 255.255.255.255.
  ['240.0.0.0', 4, 'reservada'],
];

const V6_RANGES: Array<[string, number, AddressKind]> = [
  ['::', 128, 'no-especificada'],
  ['::1', 128, 'loopback'],
  // IPv4-compatible (deprecated): nothing public lives there.
  ['::', 96, 'reservada'],
  ['100::', 64, 'reservada'],
  // Local-use NAT64 (64:ff9b:1::/48), whose IPv4 sits where each network chooses.
  ['64:ff9b:1::', 48, 'reservada'],
  ['2001:db8::', 32, 'reservada'],
  ['fc00::', 7, 'local-unica'],
  ['fe80::', 10, 'enlace-local'],
  // Site-local (deprecated), still routed inside some networks.
  ['fec0::', 10, 'enlace-local'],
  ['ff00::', 8, 'multicast'],
];

function rangeList(ranges: Array<[string, number, AddressKind]>, family: 'ipv4' | 'ipv6'): Array<[net.BlockList, AddressKind]> {
  return ranges.map(([address, prefix, kind]) => {
    const list = new net.BlockList();
    list.addSubnet(address, prefix, family);
    return [list, kind];
  });
}

const V4 = rangeList(V4_RANGES, 'ipv4');
const V6 = rangeList(V6_RANGES, 'ipv6');

/** The 16 bytes of an IPv6 address (without brackets or zone). */
function v6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 255];
  });
}

/** The IPv4 address an IPv6 one carries, when it is of a form that reaches IPv4 (mapped, translated, NAT64, 6to4). */
export function embeddedIpv4(address: string): string | undefined {
  const b = v6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  // ::ffff:a.b.c.d
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  // ::ffff:0:a.b.c.d, IPv4-translated (SIIT).
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return v4(12);
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(12);
  // 2002:AABB:CCDD::/48, 6to4.
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return undefined;
}

/** What kind of internal address `address` is (an IP, v4 or v6, without brackets); undefined for a public one. */
export function internalKind(address: string): AddressKind | undefined {
  const family = net.isIP(address);
  if (family === 4) return V4.find(([list]) => list.check(address, 'ipv4'))?.[1];
  if (family !== 6) return 'reservada';
  const bare = address.replace(/%.*$/, '');
  const carried = embeddedIpv4(bare);
  if (carried) return internalKind(carried);
  return V6.find(([list]) => list.check(bare, 'ipv6'))?.[1];
}

/** An IP literal of a URL's host ('[::1]' → '::1'), or undefined for a name. */
export function literalIp(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : undefined;
}

interface AllowEntry {
  /** A lower-case host name, an IP, or a subnet. */
  name?: string;
  subnet?: net.BlockList;
  port?: number;
}

/** OUTBOUND_ALLOW: the internal destinations an installation reaches on purpose. */
export class AllowList {
  private readonly entries: AllowEntry[];

  constructor(readonly source: readonly string[]) {
    this.entries = source.map(parseEntry);
  }

  /** May `address`, reached as `hostname:port`, be called although it is internal? */
  allows(hostname: string, port: number, address: string): boolean {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    return this.entries.some((entry) => {
      if (entry.port !== undefined && entry.port !== port) return false;
      if (entry.name !== undefined) return entry.name === name;
      return subnetHas(entry.subnet!, address);
    });
  }
}

function subnetHas(list: net.BlockList, address: string): boolean {
  if (net.isIPv4(address)) return list.check(address, 'ipv4');
  const carried = embeddedIpv4(address);
  return list.check(address, 'ipv6') || (carried !== undefined && list.check(carried, 'ipv4'));
}

export const ALLOW_MESSAGES = {
  bad: (entry: string) => `OUTBOUND_ALLOW: '${entry}' no es un nombre de host, host:puerto, IP ni CIDR`,
} as const;

function parseEntry(raw: string): AllowEntry {
  const entry = raw.trim().toLowerCase();
  const bad = () => new Error(ALLOW_MESSAGES.bad(raw));
  const cidr = /^\[?([0-9a-f.:]+)\]?\/(\d{1,3})$/.exec(entry);
  if (cidr) {
    const family = net.isIP(cidr[1]);
    const prefix = Number(cidr[2]);
    if (!family || prefix > (family === 4 ? 32 : 128)) throw bad();
    const subnet = new net.BlockList();
    subnet.addSubnet(cidr[1], prefix, family === 4 ? 'ipv4' : 'ipv6');
    return { subnet };
  }
  let host = entry;
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (bracketed) [host, port] = [bracketed[1], bracketed[2] ? Number(bracketed[2]) : undefined];
  else if (withPort) [host, port] = [withPort[1], Number(withPort[2])];
  if (port !== undefined && (port < 1 || port > 65535)) throw bad();
  const family = net.isIP(host);
  if (family) {
    const subnet = new net.BlockList();
    subnet.addAddress(host, family === 4 ? 'ipv4' : 'ipv6');
    return { subnet, port };
  }
  if (!/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?$/.test(host)) throw bad();
  return { name: host.replace(/\.$/, ''), port };
}
