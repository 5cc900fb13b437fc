/**
 * Builds the CDK app the way `cdk synth` does (same feature flags from cdk.json) but without
 * bundling: TandemFunction skips the bundle build for stacks not listed in `aws:cdk:bundling-stacks`, so
 * these tests need neither the handlers' sources nor time to bundle them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Environment, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import { resolveConfig, type settings } from '../src/config.ts';
import { type DeployManifest, realManifest } from '../src/manifest.ts';
import { repoRoot } from '../src/paths.ts';
import { createTandem, type Tandem } from '../src/tandem.ts';

const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

export type Settings = Partial<Record<keyof typeof settings, string>>;

/** One output folder per test file, removed after it, so runs leave no cdk.out folders behind. */
const outRoot = mkdtempSync(join(tmpdir(), 'tandem-cdk-test-'));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));
let apps = 0;

/**
 * `webDist` defaults to a folder that does not exist (the placeholder page), so a web build running
 * at the same time cannot change what these tests see.
 */
export function buildTandem(
  opts: { settings?: Settings; manifest?: DeployManifest; webDist?: string; env?: Environment } = {},
): Tandem & { app: App } {
  const app = new App({
    outdir: join(outRoot, String(apps++)),
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      // Nothing is deployed from here, so assets need not be copied into the output folder.
      'aws:cdk:disable-asset-staging': true,
    },
  });
  const values: Settings = { buildVersion: 'test-build', ...opts.settings };
  const tandem = createTandem(app, {
    config: resolveConfig((s) => values[s]),
    manifest: opts.manifest ?? realManifest,
    webDist: opts.webDist ?? join(repoRoot, 'infra', 'test', 'no-web-build'),
    env: opts.env,
  });
  return { ...tandem, app };
}

export type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[]; [k: string]: unknown }
>;

export const resourcesOf = (stack: Stack): Resources =>
  (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;

/** Resources of one type in a template, as [logicalId, resource] pairs. */
export const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** `{ Ref: X }` or `{ 'Fn::GetAtt': [X, …] }` → X; pseudo parameters (AWS::Region…) are not resources. */
export function refTarget(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.Ref === 'string') return v.Ref.startsWith('AWS::') ? undefined : v.Ref;
    const getAtt = v['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  }
  return undefined;
}

/** The first resource a (possibly joined) intrinsic refers to, searching depth-first. */
export function firstRef(value: unknown): string | undefined {
  const direct = refTarget(value);
  if (direct) return direct;
  if (Array.isArray(value)) {
    for (const v of value) {
      const r = firstRef(v);
      if (r) return r;
    }
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) {
      const r = firstRef(v);
      if (r) return r;
    }
  }
  return undefined;
}
