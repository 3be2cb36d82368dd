import ipaddr from 'ipaddr.js';

/**
 * Which network destinations a link import may reach: public unicast addresses only. Both the pasted-URL guard
 * and the egress proxy ask this module, so a spelling refused in one place is refused in the other.
 */
export type AddressVerdict = { ok: true; address: string } | { ok: false; reason: string };

/**
 * Names that reach a cloud provider's metadata service or the machine itself without going through public DNS.
 * Checked before any lookup: some resolvers answer them from local configuration.
 */
const BLOCKED_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
  'kubernetes.default.svc',
]);
/** Suffixes that are never public DNS (RFC 6761, RFC 6762, ICANN's .internal) or that name a cluster's inside. */
const BLOCKED_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.svc',
  '.cluster.local',
];

/** Cloud metadata addresses, named so the refusal says what they are (the ranges below refuse them too). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

/** IPv6 global unicast; everything outside it is loopback, link-local, unique-local, mapped, reserved or multicast. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** Global-unicast blocks that still lead somewhere internal or are not routed. */
const REFUSED_V6_RANGES = new Set([
  'rfc6052', // NAT64 (64:ff9b::/96 sits outside 2000::/3, but 64:ff9b:1::/48 is named here too)
  '6to4', // 2002::/16 carries an IPv4 address a relay would reach
  'teredo', // 2001::/32 likewise
  'benchmarking',
  'amt',
  'as112v6',
  'deprecatedOrchid',
  'orchid2',
  'droneRemoteIdProtocolEntityTags',
  'reserved',
]);

const V4_RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address (0.0.0.0/8)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (169.254.0.0/16)',
  loopback: 'this machine (loopback)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private network address',
  reserved: 'a reserved address',
  as112: 'a reserved address',
  amt: 'a reserved address',
};

const V6_RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address (::)',
  linkLocal: 'a link-local address (fe80::/10)',
  multicast: 'a multicast address',
  loopback: 'this machine (loopback)',
  uniqueLocal: 'a private network address (fc00::/7)',
  ipv4Mapped: 'an IPv4-mapped address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  deprecatedSiteLocal: 'a site-local address',
};

/**
 * Parses any spelling an IPv4 or IPv6 literal may take (dotted, shortened "127.1", octal "0177.0.0.1", hex
 * "0x7f000001", a plain number "2130706433", bracketed or zone-suffixed IPv6). Null when `host` is not an
 * address literal.
 */
export function parseAddressLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let text = host.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text === '') return null;
  try {
    if (ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
    if (ipaddr.IPv4.isValid(text)) return ipaddr.IPv4.parse(text);
  } catch {
    return null;
  }
  return null;
}

/** Whether a destination address is public: the one test the egress proxy applies to every resolved address. */
export function checkAddress(address: string | ipaddr.IPv4 | ipaddr.IPv6): AddressVerdict {
  const parsed = typeof address === 'string' ? parseAddressLiteral(address) : address;
  if (!parsed) return { ok: false, reason: `"${String(address).slice(0, 80)}" is not an internet address` };
  const text = parsed.toString();
  if (METADATA_ADDRESSES.has(text)) return { ok: false, reason: `${text} is a cloud metadata address` };
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    if (range !== 'unicast') {
      return { ok: false, reason: `${text} is ${V4_RANGE_WORDS[range] ?? 'not a public address'}` };
    }
    return { ok: true, address: text };
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return { ok: false, reason: `${text} names a network interface (zone)` };
  const range = v6.range();
  if (range in V6_RANGE_WORDS) {
    const inner = v6.isIPv4MappedAddress() ? ` (${v6.toIPv4Address().toString()})` : '';
    return { ok: false, reason: `${text} is ${V6_RANGE_WORDS[range]}${inner}` };
  }
  if (!v6.match(GLOBAL_UNICAST_V6) || REFUSED_V6_RANGES.has(range)) {
    return { ok: false, reason: `${text} is not a public address` };
  }
  return { ok: true, address: text };
}

/** Whether a host name may be looked up at all (metadata and local-only names never are). */
export function checkHostName(name: string): { ok: true } | { ok: false; reason: string } {
  const host = name.toLowerCase().replace(/\.$/, '');
  if (BLOCKED_NAMES.has(host)) return { ok: false, reason: `${host} is an internal name` };
  if (BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return { ok: false, reason: `${host} is an internal name` };
  }
  // One DNS label of letters, digits and hyphens; anything else (underscores, percent escapes, spaces) is refused.
  const labels = host.split('.');
  const wellFormed =
    host.length > 0 &&
    host.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  if (!wellFormed) return { ok: false, reason: `"${host.slice(0, 80)}" is not a public host name` };
  // A name whose last label is all digits would be read as an address by some resolvers.
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, reason: `"${host}" is not a public host name` };
  return { ok: true };
}
