// Company data shaping: the record, a new company's defaults and the address-list validator (the
// rule itself is common/schemas/acl.ts, shared with the server's sign-in check).
import { isAclEntry } from '../../../common/schemas/acl';
import { DEFAULT_TS, timeZones } from '../../../common/schemas/rules';
import type { Empresa } from '../../../common/schemas/empresas';

export type { Empresa } from '../../../common/schemas/empresas';

export { DEFAULT_TS };

export function newEmpresa(): Partial<Empresa> {
  return { activo: true, audit: false, acl: false, aclList: [], liveAgent: false, tg: false, ts: DEFAULT_TS, tz: null };
}

/** The time zones a company can choose, by their IANA names (the browser's list). */
export const TIME_ZONE_CHOICES = timeZones().map((name) => ({ id: name, name }));

export { isAclEntry, isIPv4, isIPv6 } from '../../../common/schemas/acl';

/** react-admin validator of one address-list entry: the message names the wrong entry. */
export function validateAclEntry(value: unknown) {
  const entry = String(value ?? '').trim();
  if (!entry) return 'quipu.comun.requerido';
  return isAclEntry(entry) ? undefined : { message: 'quipu.empresas.aclInvalida', args: { entrada: entry } };
}
