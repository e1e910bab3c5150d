import { isIPv4, isIPv6 } from 'node:net';

const HEXTETS = 8;
const NETWORK_HEXTETS = 4;

/**
 * Who a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64, the
 * smallest network a provider hands out, since any host can take every address in its /64 at will
 * and so rotate through fresh allowances. An IPv4 address written as IPv6 (::ffff:a.b.c.d, as a
 * dual-stack socket reports it) counts as the IPv4 address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, NETWORK_HEXTETS).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address, lower case without leading zeros ("::" and a zone resolved). */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0];
  const [head, tail] = withoutZone.includes('::') ? withoutZone.split('::') : [withoutZone, undefined];
  const parts = (text: string) => (text === '' ? [] : text.split(':')).flatMap(hextetsOf);
  const front = parts(head);
  const back = tail === undefined ? [] : parts(tail);
  const zeros = Array.from({ length: HEXTETS - front.length - back.length }, () => '0');
  return [...front, ...(tail === undefined ? [] : zeros), ...back].map((hextet) =>
    parseInt(hextet, 16).toString(16),
  );
}

// A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two hextets.
function hextetsOf(part: string): string[] {
  if (!part.includes('.')) return [part];
  const [a, b, c, d] = part.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
