/**
 * The web build as CloudFront serves it from the site bucket: files from web/dist, and index.html
 * (or the page of its own that @tandem/shared/api/site-pages names) for any other page a browser asks for, so client-side routes survive a reload. Hashed assets are
 * cached for good; index.html is revalidated on every load, so a new build shows at once. Text
 * (scripts, styles, pages, JSON, SVG) is compressed with brotli or gzip, as the browser accepts —
 * CloudFront compresses the same types in AWS.
 */
import { type FileHandle, open, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { sitePageFor } from '@tandem/shared/api/site-pages';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.svg',
]);
/** Below this a compressed answer saves nothing worth the work (CloudFront's floor is 1,000 bytes). */
const MIN_COMPRESS_BYTES = 1_000;
type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli if the browser takes it, else gzip, else none (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Compressed files by path, size, time and encoding: a hashed asset is compressed once. */
const compressed = new Map<string, Buffer>();
function compress(key: string, data: Buffer, encoding: Encoding): Buffer {
  let out = compressed.get(key);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(data, { level: 9 });
    if (compressed.size > 500) compressed.clear();
    compressed.set(key, out);
  }
  return out;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tandem</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem">
<h1>The web app is not built</h1>
<p>The API is running. To use the app in the browser, run <code>npm run build</code> and reload this page.</p>
</body></html>
`;

async function fileStat(file: string) {
  try {
    const s = await stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers 200 with `file`, or returns false without answering when it cannot be read. The file is
 * opened before anything is sent and read from that open handle: a build swapped in between the
 * check and the read (a second `npm start` on the same checkout, `npm run build` meanwhile) cannot
 * make the read fail, and any read error ends this response only, never the gateway.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl: string,
): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return false;
  }
  let size: number;
  let mtime: number;
  try {
    const s = await handle.stat();
    if (!s.isFile()) throw new Error('not a file');
    size = s.size;
    mtime = s.mtimeMs;
  } catch {
    await handle.close().catch(() => {});
    return false;
  }
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  const encoding =
    COMPRESSIBLE.has(ext) && size >= MIN_COMPRESS_BYTES
      ? chooseEncoding(req.headers['accept-encoding'])
      : null;
  if (encoding) {
    let body: Buffer;
    try {
      body = compress(`${file}\n${size}\n${mtime}\n${encoding}`, await handle.readFile(), encoding);
    } catch {
      return false;
    } finally {
      await handle.close().catch(() => {});
    }
    res.writeHead(200, {
      'content-type': type,
      'content-encoding': encoding,
      'content-length': body.length,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.writeHead(200, {
    'content-type': type,
    'content-length': size,
    'cache-control': cacheControl,
    ...(COMPRESSIBLE.has(ext) ? { vary: 'accept-encoding' } : {}),
  });
  if (req.method === 'HEAD') {
    await handle.close().catch(() => {});
    res.end();
    return true;
  }
  const stream = handle.createReadStream();
  stream.on('error', (e) => {
    console.error(`Reading ${file} failed:`, e);
    res.destroy();
  });
  stream.pipe(res);
  return true;
}

export function createStaticFiles(webDistDir: string) {
  const root = path.resolve(webDistDir);
  const indexFile = path.join(root, 'index.html');

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const notFound = () =>
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    const notBuilt = () =>
      res
        .writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': REVALIDATE })
        .end(NOT_BUILT);
    if (req.method !== 'GET' && req.method !== 'HEAD') return void notFound();

    // Checked per request so that `npm run build` while the stack runs needs no restart.
    if (!(await fileStat(indexFile))) return void notBuilt();

    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return void notFound();
    }
    const file = path.join(root, path.normalize(relative));
    // path.join has already resolved '..'; anything outside the build folder is refused.
    const inside = file.startsWith(root + path.sep);
    const hashed = relative.startsWith('/assets/');
    if (inside && (await sendFile(req, res, file, hashed ? IMMUTABLE : REVALIDATE))) return;
    // A page of the app (a client-side route), not a missing asset: answer the app's shell.
    const wantsPage = url.pathname === '/' || (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage || hashed) return void notFound();
    // The sign-in page (D97) and the public request page (D68) have pages of their own, as CloudFront
    // routes them.
    const page = path.join(root, sitePageFor(url.pathname));
    // Gone since the check above (a build being swapped in): the same page as no build at all.
    if (!(await sendFile(req, res, page, REVALIDATE))) notBuilt();
  };
}
