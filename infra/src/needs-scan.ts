/**
 * What each handler module really reaches, read from its bundle: esbuild bundles our own sources with
 * tree shaking (packages stay external), so only the code a handler can run is left, and the AWS SDK
 * commands it sends appear as named imports. The infra test compares this with the declared needs
 * (@tandem/shared/api/needs) so a handler can neither use a service it was not granted nor keep a
 * grant it no longer uses.
 */

import { readFile } from 'node:fs/promises';
import type { Need } from '@tandem/shared/api/needs';
import { build, type Plugin } from 'esbuild';
import { functionEntry, functionsTsconfig } from './paths.ts';

/** Each need and the code that proves it is used. */
const EVIDENCE: ReadonlyArray<readonly [Need, RegExp]> = [
  // ElectroDB runs every request with `.go(`; the batched reads are ours (db/batch-get.ts).
  ['table:read', /\.go\(|BatchGetCommand/],
  // Writes on an entity (named *Entity), and every write transaction (db/transact.ts builds them with
  // ElectroDB's createWriteTransaction since D42; `transaction.write(` is the Service's way). A bundle
  // with two modules importing it (core/templates/transact.ts beside db/transact.ts) calls it renamed.
  [
    'table:write',
    /\w*Entity\d*\.(create|put|patch|update|remove|upsert|delete)\(|transaction\.write\(|createWriteTransaction\d*\(/,
  ],
  // BatchWriteItem: writes sliced to DynamoDB's batch ceiling (lib/batches.ts names it).
  ['table:batch-write', /chunks\([^)]*MAX_BATCH_WRITE_ITEMS\)/],
  // A command is used where it is built (`new XCommand(`): esbuild keeps an external package's import
  // line whole even when the code using a name from it was shaken out.
  // A copy reads its source: IAM asks for s3:GetObject on it beside s3:PutObject on the target.
  ['bucket:read', /new (GetObjectCommand|HeadObjectCommand|CopyObjectCommand)\d*\(/],
  ['bucket:write', /new (PutObjectCommand|CopyObjectCommand)\d*\(|createPresignedPost\d*\(/],
  ['bucket:delete', /new (DeleteObjectCommand|DeleteObjectsCommand)\d*\(/],
  ['mail', /new SendEmailCommand\d*\(/],
  ['realtime', /new PostToConnectionCommand\d*\(/],
  // The only IAM-signed Cognito call; the others act with the user's own access token.
  ['users', /new AdminGetUserCommand\d*\(/],
  // Web Push: the VAPID keys from their secret (core/push/vapid.ts).
  ['push', /new GetSecretValueCommand\d*\(/],
  // Avatar links (lib/avatar-urls.ts loads the presigner when an answer has an avatar; D48).
  ['avatars:read', /import\("@aws-sdk\/s3-request-presigner"\)/],
  // The AI connector on Amazon Bedrock (functions/src/core/ai/connector.ts).
  ['ai', /new ConverseCommand\d*\(/],
  // The calendar connections' secrets under KMS (functions/src/core/integrations/kms.ts, D75).
  ['integrations-key', /new (GenerateDataKeyCommand|DecryptCommand)\d*\(/],
];

/** Needs found in bundled code, in EVIDENCE order. */
export function needsIn(code: string): Need[] {
  return EVIDENCE.filter(([, re]) => re.test(code)).map(([need]) => need);
}

/**
 * Tree shaking keeps every export of a module loaded with `await import()` (a lazily loaded module
 * hands over its whole namespace), which would credit a handler with all that module can do. Our
 * lazy imports take named functions (`const { f } = await import('./m.ts')`); for the scan they become
 * static imports of just those names, so only what is called is kept.
 */
const lazyImportsAsStatic: Plugin = {
  name: 'lazy-imports-as-static',
  setup(b) {
    b.onLoad({ filter: /functions[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const hoisted: string[] = [];
      const contents = source.replace(
        /const \{ ([\w, ]+) \} = await import\('([^']+)'\);/g,
        (_m, names: string, from: string) => {
          const list = names.split(',').map((n) => n.trim());
          hoisted.push(`import { ${list.map((n) => `${n} as __lazy_${n}`).join(', ')} } from '${from}';`);
          return `const { ${list.join(', ')} } = { ${list.map((n) => `${n}: __lazy_${n}`).join(', ')} };`;
        },
      );
      return { contents: `${hoisted.join('\n')}\n${contents}`, loader: 'ts' };
    });
  },
};

/** module (e.g. `http/user/get-config`) → the needs its bundle shows. */
export async function scanNeeds(modules: readonly string[]): Promise<Record<string, Need[]>> {
  const unique = [...new Set(modules)];
  const result = await build({
    entryPoints: Object.fromEntries(unique.map((m) => [m, functionEntry(m)])),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    treeShaking: true,
    minify: false,
    outdir: '/needs-scan',
    tsconfig: functionsTsconfig,
    logLevel: 'silent',
    plugins: [lazyImportsAsStatic],
  });
  const out: Record<string, Need[]> = {};
  for (const file of result.outputFiles) {
    const module = file.path.replace(/^\/needs-scan\//, '').replace(/\.js$/, '');
    out[module] = needsIn(file.text);
  }
  return out;
}
