/**
 * API Gateway's throttling from the limits of @tandem/shared (the local gateway enforces the same):
 * the HTTP API's $default stage caps every route and, more strictly, each public route people open;
 * the WebSocket stage is capped too. Also: nothing deployed serves the local stack's captured mail.
 */
import { publicPerIpRoutes, THROTTLE_LIMITS } from '@tandem/shared/api/throttling';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, test } from 'vitest';
import { gatewayPath, realManifest } from '../src/manifest.ts';
import { buildTandem, ofType, resourcesOf } from './support.ts';

const tandem = buildTandem();
const limit = (l: { rate: number; burst: number }) => ({
  ThrottlingRateLimit: l.rate,
  ThrottlingBurstLimit: l.burst,
});

/** Every AWS::ApiGatewayV2::Stage of the app, with the stack holding it. */
const stages = [tandem.edge, tandem.api, tandem.realtime].flatMap((stack) =>
  ofType(resourcesOf(stack), 'AWS::ApiGatewayV2::Stage').map(([id, r]) => ({ stack, id, r })),
);

describe('the HTTP API stage', () => {
  const httpStages = stages.filter(({ r }) => r.Properties?.StageName === '$default');

  test('is one $default stage whose every route is throttled at the stage limit', () => {
    expect(httpStages).toHaveLength(1);
    expect(httpStages[0]!.r.Properties).toMatchObject({
      AutoDeploy: true,
      DefaultRouteSettings: limit(THROTTLE_LIMITS.httpStage),
    });
  });

  test('throttles each public route people open more strictly, and nothing else', () => {
    const settings = httpStages[0]!.r.Properties?.RouteSettings as Record<string, unknown>;
    const expected = Object.fromEntries(
      publicPerIpRoutes(realManifest.routes).map(([, route]) => [
        `${route.method} ${gatewayPath(route)}`,
        limit(THROTTLE_LIMITS.publicRoute),
      ]),
    );
    expect(Object.keys(expected)).toContain('POST /api/v1/group/member/invitation/request');
    expect(settings).toEqual(expected);
  });

  test('is made after the routes it names exist (API Gateway refuses settings for unknown routes)', () => {
    const { stack, r } = httpStages[0]!;
    expect(stack).toBe(tandem.api);
    const nested = Object.entries(resourcesOf(tandem.api))
      .filter(([, res]) => res.Type === 'AWS::CloudFormation::Stack')
      .map(([id]) => id);
    expect(nested.length).toBeGreaterThan(0);
    expect(r.DependsOn).toEqual(expect.arrayContaining(nested));
  });
});

describe('the WebSocket stage', () => {
  test('throttles connections and messages at the stage limit', () => {
    Template.fromStack(tandem.realtime).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'ws',
      DefaultRouteSettings: limit(THROTTLE_LIMITS.webSocketStage),
    });
  });
});

describe('the captured mail of the local stack', () => {
  test('exists nowhere in AWS: no template mentions /_local', () => {
    const all = [tandem.edge, tandem.data, tandem.auth, tandem.api, tandem.realtime, tandem.jobs, tandem.web];
    for (const stack of [...all, ...tandem.api.routeStacks]) {
      expect({
        stack: stack.stackName,
        local: JSON.stringify(resourcesOf(stack)).includes('_local'),
      }).toEqual({
        stack: stack.stackName,
        local: false,
      });
    }
  });
});
