// Company data shaping: the record, a new company's defaults, dates as DD/MM/YYYY and the
// address-list entries the server's sign-in check understands (ip, ip/prefix, ipv4/netmask).
import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';

export interface Empresa {
  id: string;
  nm: string;
  ruc: string;
  activo: boolean;
  audit: boolean;
  dir: string | null;
  tel: string | null;
  c: string | null;
  razon: string | null;
  cs: string | null;
  csA: string | null;
  csE: string | null;
  consulta: string | null;
  fc: string;
  ff: string | null;
  acl: boolean;
  aclList: string[];
  liveAgent: boolean;
  tg: boolean;
  ts: number;
  tk1?: string | null;
  tk2?: string | null;
  tk3?: string | null;
  tk4?: string | null;
  version: number;
}

export const DEFAULT_TS = 30;

export function newEmpresa(): Partial<Empresa> {
  return { activo: true, audit: false, acl: false, aclList: [], liveAgent: false, tg: false, ts: DEFAULT_TS };
}

/** '2026-11-05' or an ISO date-time → '05/11/2026'; '' when there is none. */
export function fechaCorta(value: string | null | undefined): string {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? format(date, 'dd/MM/yyyy', { locale: es }) : '';
}

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

export function isIPv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...head, ...tail];
  let units = 0;
  for (const [i, group] of all.entries()) {
    // An embedded IPv4 address may only close the address (::ffff:10.0.0.1).
    const closes = i === all.length - 1 && (halves.length === 1 || tail.length > 0);
    if (closes && group.includes('.')) {
      if (!isIPv4(group)) return false;
      units += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) units += 1;
    else return false;
  }
  return halves.length === 2 ? units < 8 : units === 8;
}

function isNetmask(mask: string): boolean {
  if (!isIPv4(mask)) return false;
  const bits = mask
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits);
}

/** An IPv4/IPv6 address alone, with a prefix length that fits it, or an IPv4 address with a contiguous netmask. */
export function isAclEntry(entry: string): boolean {
  const [ip, mask, ...rest] = entry.trim().split('/');
  const family = isIPv4(ip) ? 4 : isIPv6(ip) ? 6 : 0;
  if (!family || rest.length) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isNetmask(mask);
}

/** react-admin validator of one address-list entry: the message names the wrong entry. */
export function validateAclEntry(value: unknown) {
  const entry = String(value ?? '').trim();
  if (!entry) return 'quipu.comun.requerido';
  return isAclEntry(entry) ? undefined : { message: 'quipu.empresas.aclInvalida', args: { entrada: entry } };
}
