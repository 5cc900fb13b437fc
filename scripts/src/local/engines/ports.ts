/** Port helpers for the local stack: every engine gets a free port so several stacks can run at once. */
import net from 'node:net';

/** True when nothing listens on `port` (checked on all interfaces, as a server bound without host would). */
export function isPortFree(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port: `preferred` when it is free (so a restart keeps the same URLs, and tokens issued
 * before it keep their issuer), otherwise one the OS hands out for port 0.
 */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred && (await isPortFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free port held open until `release()`: for a server that listens only after slower parts have
 * started (the gateway waits for Java). A port merely looked up could be taken meanwhile, by another
 * stack or by an outgoing connection given it as its ephemeral port; a held one cannot.
 */
export async function reservePort(host = '127.0.0.1'): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  let released: Promise<void> | undefined;
  return {
    port,
    release: () => {
      released ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}

/**
 * The address every local server listens on: loopback, so nothing outside this machine reaches the
 * engines, the API or the captured mail, unless HOST says otherwise.
 */
export function bindHost(): string {
  return process.env.HOST?.trim() || '127.0.0.1';
}

/** The host name to reach, from this machine, a server bound to `host` (a wildcard means loopback). */
export function reachHost(host: string = bindHost()): string {
  if (host === '0.0.0.0' || host === '::' || isLoopback(host)) return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** True for 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** `http://localhost:<port>` for a server bound to loopback (the origin people type), else its own host. */
export function localOrigin(port: number, host: string = bindHost()): string {
  const reach = reachHost(host);
  return `http://${reach === '127.0.0.1' ? 'localhost' : reach}:${port}`;
}
