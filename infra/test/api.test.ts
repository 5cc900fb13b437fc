/** ApiStack: every manifest route becomes an API Gateway route with its own Lambda and the right guard. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDef } from '@tandem/shared/api/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, test } from 'vitest';
import { needsOfRoute, planRouteGroups, realManifest } from '../src/manifest.ts';
import { functionsSrc } from '../src/paths.ts';
import { buildTandem, firstRef, ofType, type Resources, resourcesOf } from './support.ts';

const tandem = buildTandem({ settings: { mailFrom: 'Tandem <no-reply@example.com>' } });
const routeTemplates = tandem.api.routeStacks.map(resourcesOf);

/** The API Gateway route for a route key, with the integration and function it leads to. */
function deployed(routeKey: string) {
  for (const resources of routeTemplates) {
    const found = ofType(resources, 'AWS::ApiGatewayV2::Route').find(
      ([, r]) => r.Properties?.RouteKey === routeKey,
    );
    if (!found) continue;
    const route = found[1];
    const integration = resources[firstRef(route.Properties?.Target)!]!;
    const fn = resources[firstRef(integration.Properties?.IntegrationUri)!]!;
    return { resources, route, integration, fn };
  }
  throw new Error(`No route ${routeKey}`);
}

const expectedKey = (r: RouteDef) => `${r.method} /api/v1${r.path.replace(/\/$/, '')}`;
const manifestRoutes = Object.entries(realManifest.routes);

describe('HTTP routes of the manifest', () => {
  test.each(manifestRoutes)('%s is deployed with its method, path and own Lambda', (_id, route) => {
    const { route: r, integration, fn } = deployed(expectedKey(route));
    expect(r.Properties?.ApiId).toBeDefined();
    expect(integration.Properties).toMatchObject({
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    expect(fn.Type).toBe('AWS::Lambda::Function');
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: route.memory ?? 512,
      Description: `${route.method} ${route.path} (http/${route.handler})`,
    });
  });

  test.each(manifestRoutes)('%s has the guard its auth asks for', (_id, route) => {
    const { route: r } = deployed(expectedKey(route));
    if (route.auth === 'user') {
      expect(r.Properties?.AuthorizationType).toBe('JWT');
      expect(r.Properties?.AuthorizerId).toBeDefined();
    } else {
      expect(r.Properties?.AuthorizationType).toBe('NONE');
      expect(r.Properties?.AuthorizerId).toBeUndefined();
    }
  });

  test('deploys exactly the manifest: no route more, none less', () => {
    const keys = routeTemplates.flatMap((res) =>
      ofType(res, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties?.RouteKey),
    );
    expect(keys.sort()).toEqual(manifestRoutes.map(([, r]) => expectedKey(r)).sort());
  });

  test('a public route is reachable without a token', () => {
    const withPublic = buildTandem({
      manifest: {
        ...realManifest,
        routes: { ping: { method: 'GET', path: '/public/ping/', auth: 'public', handler: 'public/ping' } },
      },
    });
    Template.fromStack(withPublic.api.routeStacks[0]!).hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/v1/public/ping',
      AuthorizationType: 'NONE',
      AuthorizerId: Match.absent(),
    });
  });
});

describe('the JWT authorizer', () => {
  test('accepts access tokens of the pool for the web client', () => {
    const template = Template.fromStack(tandem.api);
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [Match.anyValue()],
        Issuer: {
          'Fn::Join': [
            '',
            Match.arrayWith(['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/']),
          ],
        },
      },
    });
  });
});

describe('handler environment and access', () => {
  // The names functions/src/lib/env.ts insists on (read without fallback or with one meant for local).
  const envSource = readFileSync(join(functionsSrc, 'lib', 'env.ts'), 'utf8');
  const readNames = [...envSource.matchAll(/read\('([A-Z_]+)'/g)]
    .map((m) => m[1]!)
    .filter((n) => n !== 'AWS_REGION');

  test('every handler gets the variables env.ts reads for what it needs, and only those', () => {
    expect(readNames).toContain('TABLE_NAME');
    // Variables that come with a need; the rest (app and pool settings) every handler gets.
    const withNeed: Record<string, (needs: readonly string[]) => boolean> = {
      TABLE_NAME: (n) => n.some((x) => x.startsWith('table:')),
      ATTACHMENTS_BUCKET: (n) => n.some((x) => x.startsWith('bucket:') || x === 'avatars:read'),
      MAIL_FROM: (n) => n.includes('mail'),
      WS_MANAGEMENT_ENDPOINT: (n) => n.includes('realtime'),
    };
    for (const [routeId, route] of manifestRoutes) {
      const needs = needsOfRoute(routeId);
      const vars = Object.keys(
        (deployed(expectedKey(route)).fn.Properties!.Environment as { Variables: Record<string, unknown> })
          .Variables,
      );
      for (const name of [...readNames, 'WS_MANAGEMENT_ENDPOINT']) {
        const expected = withNeed[name] ? withNeed[name](needs) : true;
        expect(vars.includes(name), `${routeId} ${name}`).toBe(expected);
      }
    }
  });

  test('functions of an area share a role only when they have the same needs', () => {
    for (const stack of tandem.api.routeStacks) {
      const resources = resourcesOf(stack);
      const needsByRole = new Map<string, Set<string>>();
      for (const [, route] of ofType(resources, 'AWS::ApiGatewayV2::Route')) {
        const integration = resources[firstRef(route.Properties?.Target)!]!;
        const fn = resources[firstRef(integration.Properties?.IntegrationUri)!]!;
        const [routeId] = manifestRoutes.find(([, r]) => expectedKey(r) === route.Properties?.RouteKey)!;
        const role = firstRef(fn.Properties?.Role)!;
        const set = needsByRole.get(role) ?? new Set<string>();
        set.add([...needsOfRoute(routeId)].sort().join(','));
        needsByRole.set(role, set);
      }
      for (const [role, sets] of needsByRole) expect(sets.size, role).toBe(1);
      Template.fromStack(stack).resourceCountIs('AWS::IAM::Role', needsByRole.size);
    }
  });

  test('logs are kept for a month', () => {
    const resources: Resources = Object.assign({}, ...routeTemplates);
    for (const [, fn] of ofType(resources, 'AWS::Lambda::Function')) {
      const logging = fn.Properties?.LoggingConfig as { LogGroup: unknown };
      const group = resources[firstRef(logging.LogGroup)!]!;
      expect(group.Properties?.RetentionInDays).toBe(30);
    }
  });
});

describe('route grouping', () => {
  test('a route path ending in "/" and one without it cannot both exist', () => {
    expect(() =>
      planRouteGroups({
        a: { method: 'GET', path: '/x/', auth: 'user', handler: 'x/a' },
        b: { method: 'GET', path: '/x', auth: 'user', handler: 'x/b' },
      }),
    ).toThrow(/both map to GET \/api\/v1\/x/);
  });

  test('adding a route never moves a route of another area to a different stack', () => {
    const before = planRouteGroups(realManifest.routes);
    const after = planRouteGroups({
      aaaNew: { method: 'GET', path: '/aaa/', auth: 'user', handler: 'aaa/list' },
      ...realManifest.routes,
    });
    const placement = (groups: ReturnType<typeof planRouteGroups>) =>
      new Map(groups.flatMap((g) => g.routes.map(([id]) => [id, g.id] as const)));
    const was = placement(before);
    const now = placement(after);
    for (const [id, group] of was) expect(now.get(id)).toBe(group);
  });
});

describe('provisioning on the first call (docs/decisions.md D12)', () => {
  test('a user route may read a user of its own pool (AdminGetUser) and nothing more of Cognito', () => {
    const { resources, fn } = deployed('GET /api/v1/user/config');
    const role = firstRef(fn.Properties?.Role);
    const cognitoActions = ofType(resources, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties?.Roles ?? []).includes(`"${role}"`))
      .flatMap(
        ([, p]) =>
          (p.Properties?.PolicyDocument as { Statement?: Array<{ Action: unknown }> } | undefined)
            ?.Statement ?? [],
      )
      .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
      .filter((a) => String(a).startsWith('cognito-idp:'));
    expect(cognitoActions).toEqual(['cognito-idp:AdminGetUser']);
  });
});
