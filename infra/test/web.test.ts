/** EdgeStack and WebStack: CloudFront in front of the site, the API and the WebSocket, and config.json. */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_VERSION, runtimeConfig } from '@tandem/shared/api/config';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, test } from 'vitest';
import { buildTandem, ofType, resourcesOf } from './support.ts';

const tandem = buildTandem();
const edge = Template.fromStack(tandem.edge);

// AWS managed policy ids (the same in every account).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

describe('the distribution', () => {
  test('forwards /api/v1/* to the HTTP API uncached, with every method and header but Host', () => {
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/v1/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: CACHING_DISABLED,
            OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
            ViewerProtocolPolicy: 'https-only',
          }),
        ]),
      }),
    });
  });

  test("adds build-version 11 to every /api/v1/* answer, the authorizer's 401 included", () => {
    const policies = ofType(resourcesOf(tandem.edge), 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(2);
    const [policyId, policy] = policies.find(([id]) => id.startsWith('ApiResponseHeaders'))!;
    expect(policy.Properties?.ResponseHeadersPolicyConfig).toMatchObject({
      CustomHeadersConfig: {
        Items: [{ Header: 'build-version', Value: BUILD_VERSION, Override: true }],
      },
    });
    expect(BUILD_VERSION).toBe('11');
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({ PathPattern: '/api/v1/*', ResponseHeadersPolicyId: { Ref: policyId } }),
        ]),
      }),
    });
  });

  test('forwards /ws to the WebSocket API uncached, query string and upgrade headers included', () => {
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/ws',
            CachePolicyId: CACHING_DISABLED,
            OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
          }),
        ]),
      }),
    });
  });

  test('points the two behaviours at the two APIs', () => {
    const [, dist] = ofType(resourcesOf(tandem.edge), 'AWS::CloudFront::Distribution')[0]!;
    const config = dist.Properties?.DistributionConfig as {
      Origins: Array<{ Id: string; DomainName: unknown }>;
      CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string }>;
    };
    const originOf = (pattern: string) => {
      const id = config.CacheBehaviors.find((b) => b.PathPattern === pattern)!.TargetOriginId;
      return JSON.stringify(config.Origins.find((o) => o.Id === id)!.DomainName);
    };
    expect(originOf('/api/v1/*')).toContain(
      tandem.edge.getLogicalId(tandem.edge.httpApi.node.defaultChild as never),
    );
    expect(originOf('/ws')).toContain(
      tandem.edge.getLogicalId(tandem.edge.webSocketApi.node.defaultChild as never),
    );
  });

  test('reads the private site bucket through origin access control', () => {
    edge.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    edge.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicPolicy: true,
        RestrictPublicBuckets: true,
      }),
    });
    edge.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  test("does not rewrite error responses, so the API's 403 and 404 reach the app", () => {
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CustomErrorResponses: Match.absent() }),
    });
  });

  test('serves index.html for app routes and files as they are', () => {
    const [, fn] = ofType(resourcesOf(tandem.edge), 'AWS::CloudFront::Function')[0]!;
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    // The function is plain JavaScript: run it on a few paths.
    const handler = new Function(`${fn.Properties?.FunctionCode as string}; return handler;`)() as (e: {
      request: { uri: string };
    }) => { uri: string };
    const uriFor = (uri: string) => handler({ request: { uri } }).uri;
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/task/42')).toBe('/index.html');
    expect(uriFor('/password-reset/dXNlcg/123456')).toBe('/index.html');
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uriFor('/config.json')).toBe('/config.json');
  });
});

describe('config.json', () => {
  test('has exactly the RuntimeConfig keys, no local endpoint', () => {
    const config = tandem.web.runtimeConfig;
    expect(Object.keys(config).sort()).toEqual([
      'apiUrl',
      'buildVersion',
      'cognito',
      'vapidPublicKey',
      'wsUrl',
    ]);
    expect(Object.keys(config.cognito).sort()).toEqual(['clientId', 'region', 'userPoolId']);
    expect(runtimeConfig.safeParse(config).success).toBe(true);
    expect(config.buildVersion).toBe(BUILD_VERSION);
  });

  test('names the API and WebSocket on the site origin, through CloudFront', () => {
    const resolve = (v: string) => JSON.stringify(tandem.web.resolve(v));
    expect(resolve(tandem.web.runtimeConfig.apiUrl)).toMatch(/https:\/\/.*\/api\/v1/);
    expect(resolve(tandem.web.runtimeConfig.wsUrl)).toMatch(/wss:\/\/.*\/ws/);
  });

  test('is uploaded next to the web build, with the values filled in at deploy time', () => {
    const web = Template.fromStack(tandem.web);
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    // One source is the web build (or a placeholder page), the other config.json with its markers.
    const deployment = ofType(resourcesOf(tandem.web), 'Custom::CDKBucketDeployment').find(
      ([, d]) => d.Properties?.DistributionPaths,
    )![1];
    expect(deployment.Properties?.SourceObjectKeys).toHaveLength(2);
    const markers = deployment.Properties!.SourceMarkers as object[];
    expect(Object.keys(markers[1]!).length).toBeGreaterThan(0);
    // The pool and client ids come from the auth stack's outputs when the deployment runs.
    expect(JSON.stringify(markers[1])).toContain(`"StackName":"${tandem.auth.stackName}"`);
  });

  test('adds the hosted UI domain and providers when social sign-in is configured', () => {
    const social = buildTandem({
      settings: { googleClientId: 'g', linkedInClientId: 'l', authDomainPrefix: 'tandem-test' },
    });
    const { cognito } = social.web.runtimeConfig;
    expect(cognito.providers).toEqual(['Google', 'LinkedIn']);
    expect(JSON.stringify(social.web.resolve(cognito.domain))).toContain('.auth.');
    expect(runtimeConfig.safeParse(social.web.runtimeConfig).success).toBe(true);
  });
});

describe('the web build', () => {
  const dist = mkdtempSync(join(tmpdir(), 'tandem-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script src="/assets/index-abc.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  const built = buildTandem({ webDist: dist });
  const deployments = ofType(resourcesOf(built.web), 'Custom::CDKBucketDeployment').map(([id, d]) => ({
    id,
    ...d,
  }));

  test('hashed assets are uploaded first and cached for a year', () => {
    const assets = deployments.find((d) => JSON.stringify(d.Properties?.Include) === '["assets/*"]')!;
    expect(assets.Properties).toMatchObject({
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    const entry = deployments.find((d) => d.Properties?.DistributionPaths)!;
    expect(entry.Properties).toMatchObject({ Exclude: ['assets/*'], Prune: false });
    expect(entry.DependsOn).toEqual(expect.arrayContaining([assets.id]));
  });

  test('without a build, a placeholder page and config.json are still deployed', () => {
    expect(deployments).toHaveLength(2);
    const placeholderOnly = ofType(resourcesOf(tandem.web), 'Custom::CDKBucketDeployment');
    expect(placeholderOnly).toHaveLength(1);
  });
});
