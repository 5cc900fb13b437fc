/** CloudFormation allows 500 resources per template; the API must stay under it as routes grow. */

import type { RouteDef } from '@tandem/shared/api/routes';
import { Template } from 'aws-cdk-lib/assertions';
import { expect, test } from 'vitest';
import { type DeployManifest, MAX_ROUTES_PER_STACK, realManifest } from '../src/manifest.ts';
import { buildTandem, ofType, resourcesOf } from './support.ts';

/** 300 routes: one area far bigger than a stack holds, and many small ones. */
function bigManifest(): DeployManifest {
  const routes: Record<string, RouteDef> = {};
  for (let i = 0; i < 150; i++) {
    routes[`task${i}`] = {
      method: 'PATCH',
      path: `/tasks/{id}/field${i}/`,
      auth: 'user',
      handler: `tasks/field-${i}`,
    };
  }
  for (let a = 0; a < 15; a++) {
    for (let i = 0; i < 10; i++) {
      routes[`area${a}Route${i}`] = {
        method: i % 2 ? 'POST' : 'GET',
        path: `/area${a}/thing${i}`,
        auth: i === 0 ? 'public' : 'user',
        handler: `area${a}/thing-${i}`,
      };
    }
  }
  return { ...realManifest, routes };
}

test('300 routes deploy with every template under 500 resources', () => {
  const manifest = bigManifest();
  expect(Object.keys(manifest.routes)).toHaveLength(300);
  const tandem = buildTandem({ manifest });

  const stacks = [
    tandem.edge,
    tandem.data,
    tandem.auth,
    tandem.api,
    tandem.realtime,
    tandem.jobs,
    tandem.web,
  ];
  for (const stack of [...stacks, ...tandem.api.routeStacks]) {
    const count = Object.keys(resourcesOf(stack)).length;
    expect(count, `${stack.node.path} has ${count} resources`).toBeLessThan(500);
  }

  // The oversized area is split, in order, into stacks of at most MAX_ROUTES_PER_STACK routes.
  const ids = tandem.api.routeStacks.map((s) => s.node.id);
  expect(ids).toEqual(expect.arrayContaining(['RoutesTasks', 'RoutesTasks2', 'RoutesTasks3', 'RoutesArea0']));
  const keys = tandem.api.routeStacks.flatMap((s) => {
    const routes = ofType(resourcesOf(s), 'AWS::ApiGatewayV2::Route');
    expect(routes.length).toBeLessThanOrEqual(MAX_ROUTES_PER_STACK);
    return routes.map(([, r]) => r.Properties?.RouteKey as string);
  });
  expect(new Set(keys).size).toBe(300);

  // The parent holds only the nested stacks and the shared authorizer.
  const parent = Template.fromStack(tandem.api);
  parent.resourceCountIs('AWS::CloudFormation::Stack', tandem.api.routeStacks.length);
  parent.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
}, 120_000);
