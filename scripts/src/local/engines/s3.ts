/**
 * s3rver in-process, storing objects as files under `<dataDir>/s3`. The browser uploads to it with
 * presigned POST/PUT and reads with presigned GET, through the gateway on the app's origin
 * (gateway/s3-proxy.ts); the bucket keeps a CORS rule for the app origin for a client on another one.
 *
 * s3rver checks neither signatures nor POST policy conditions (LOCAL-STACK-FACTS): the API must
 * HeadObject every upload before recording it, exactly as it does in AWS.
 */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindHost, freePort, reachHost } from './ports.ts';

export interface S3Engine {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export interface S3Options {
  dataDir: string;
  bucket: string;
  /** The web app's origin (http://localhost:3000), allowed by the bucket's CORS rule. */
  appOrigin: string;
  preferredPort?: number;
}

/** The part of s3rver 3.7 used here (it ships no types). */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string; configs: string[] }>;
}) => S3rverInstance;

const escapeXml = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

/** Browsers send POST (multipart form), PUT and GET; ETag is exposed so a client can read it after PUT. */
function corsXml(origin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

export async function startS3(opts: S3Options): Promise<S3Engine> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;
  const directory = path.join(opts.dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const port = await freePort(opts.preferredPort);
  const server = new S3rver({
    port,
    address: bindHost(),
    directory,
    silent: true, // it logs every request; the gateway's log is enough
    // Creates the bucket if missing and (re)applies CORS on every start, so a changed origin takes effect.
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.appOrigin)] }],
  });
  await server.run();
  let stopped = false;
  return {
    // 127.0.0.1 rather than localhost: s3rver listens on IPv4 only, and presigned URLs carry this host.
    endpoint: `http://${reachHost()}:${port}`,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
  };
}
