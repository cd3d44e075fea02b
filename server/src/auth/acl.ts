// Company access: address lists (entries are ip, ip/prefix or ip/netmask, IPv4 or IPv6) and the
// subscription end, checked at sign-in and again on live sessions.
import { BlockList, isIP } from 'node:net';
import type { Selectable } from 'kysely';
import type { EmpresaTable } from '../db/schema';
import { netmaskToPrefix } from '../../../common/schemas/acl';

export function parseAclList(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
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
      else if (family === 4) {
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

/** DD/MM/YYYY of an ISO date (its calendar day as written). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** The moment a company's subscription ends: a bare date lasts until the end of that day (UTC). */
export function subscriptionEnd(ff: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(ff) ? Date.parse(`${ff}T23:59:59.999Z`) : Date.parse(ff);
}

export const INACTIVE_COMPANY = 'La empresa está inactiva';

/** Why `address` may not work for the company at `now` (inactive, subscription ended, outside its list), or null. */
export function companyRefusal(
  empresa: Pick<Selectable<EmpresaTable>, 'activo' | 'ff' | 'acl' | 'aclList'> | undefined,
  now: number,
  address: string,
): string | null {
  if (!empresa || !empresa.activo) return INACTIVE_COMPANY;
  if (empresa.ff && subscriptionEnd(empresa.ff) < now) return `La suscripción de su empresa terminó el ${formatDay(empresa.ff)}`;
  if (empresa.acl && !addressAllowed(address, parseAclList(empresa.aclList))) return `No se permite el ingreso desde la dirección ${address}`;
  return null;
}
