// Company address lists (ACL): the entries the sign-in check understands (ip, ip/prefix or
// ipv4/netmask, IPv4 or IPv6). One rule for the company form and the server's save; pure, so the
// console imports it too.
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

/** 255.255.255.0 → 24; null when the mask is not an IPv4 address or not contiguous. */
export function netmaskToPrefix(mask: string): number | null {
  if (!isIPv4(mask)) return null;
  const bits = mask
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) ? (bits.indexOf('0') === -1 ? 32 : bits.indexOf('0')) : null;
}

/** An IPv4/IPv6 address alone, with a prefix length that fits it, or an IPv4 address with a contiguous netmask. */
export function isAclEntry(entry: string): boolean {
  const [ip, mask, ...rest] = entry.trim().split('/');
  const family = isIPv4(ip) ? 4 : isIPv6(ip) ? 6 : 0;
  if (!family || rest.length) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && netmaskToPrefix(mask) !== null;
}
