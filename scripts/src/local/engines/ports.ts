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
