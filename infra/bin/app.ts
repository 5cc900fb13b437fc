/** The CDK app (`npx cdk synth` / `deploy` from the repository root, see docs/deploy.md). */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { App } from 'aws-cdk-lib';
import { readConfig } from '../src/config.ts';
import { handlerModules, realManifest } from '../src/manifest.ts';
import { functionEntry, repoRoot } from '../src/paths.ts';
import { createTandem } from '../src/tandem.ts';

const app = new App();

// Name every missing handler at once instead of failing on the first one.
const missing = handlerModules(realManifest)
  .map(functionEntry)
  .filter((f) => !existsSync(f));
const skipBundling = JSON.stringify(app.node.tryGetContext('aws:cdk:bundling-stacks')) === '[]';
if (missing.length > 0 && !skipBundling) {
  throw new Error(
    `Handlers named by the manifest do not exist:\n  ${missing.map((f) => relative(repoRoot, f)).join('\n  ')}`,
  );
}
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
createTandem(app, {
  config: readConfig(app),
  manifest: realManifest,
  // Known when the CLI has credentials; offline synth produces environment-agnostic templates.
  env: account && region ? { account, region } : undefined,
});
app.synth();
