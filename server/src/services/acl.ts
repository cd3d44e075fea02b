// Company address lists: entries are ip, ip/prefix or ip/netmask, IPv4 or IPv6.
import { BlockList, isIP } from 'node:net';

export function parseAclList(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/** 255.255.255.0 → 24; null when the mask is not contiguous. */
function netmaskToPrefix(mask: string): number | null {
  const bits = mask.split('.').map((o) => Number(o).toString(2).padStart(8, '0')).join('');
  return /^1*0*$/.test(bits) ? bits.indexOf('0') === -1 ? 32 : bits.indexOf('0') : null;
}

/** ::ffff:10.0.0.1 is the IPv4 address 10.0.0.1 seen through an IPv6 socket. */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export function buildBlockList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [rawIp, mask] = entry.trim().split('/');
    const ip = normaliseAddress(rawIp);
    const family = isIP(ip);
    if (!family) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    try {
      if (mask === undefined || mask === '') list.addAddress(ip, type);
      else if (/^\d{1,3}$/.test(mask)) list.addSubnet(ip, Number(mask), type);
      else if (family === 4 && isIP(mask) === 4) {
        const prefix = netmaskToPrefix(mask);
        if (prefix !== null) list.addSubnet(ip, prefix, type);
      }
    } catch {
      // An out-of-range prefix names no address; the entry is ignored.
    }
  }
  return list;
}

/** True when `address` falls in one of the entries. */
export function addressAllowed(address: string, entries: string[]): boolean {
  const ip = normaliseAddress(address);
  const family = isIP(ip);
  if (!family) return false;
  return buildBlockList(entries).check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
