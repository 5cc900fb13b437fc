/**
 * A CalDAV address is typed by the person, and the server fetches it: an address on a private,
 * loopback or link-local network (the function's own runtime API, a VPC neighbour, cloud metadata) is
 * refused, by the addresses its name resolves to. The local stack allows them
 * (INTEGRATIONS_ALLOW_PRIVATE_HOSTS=1), as its Radicale runs on 127.0.0.1.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

function isPrivate(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivate(v6.slice(7));
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('ff');
}

/** Whether the server may fetch this address. */
export async function isPublicAddress(url: string): Promise<boolean> {
  if (process.env.INTEGRATIONS_ALLOW_PRIVATE_HOSTS === '1') return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  try {
    const found = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    return found.length > 0 && found.every((a) => !isPrivate(a.address));
  } catch {
    return false;
  }
}

export { isPrivate };
