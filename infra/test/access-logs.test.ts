/**
 * Issue 19 item 6: access logs of CloudFront and both API stages, and no token in any of them. The
 * WebSocket's access token travels in the `$connect` query string and the calendar feed's in the
 * path, so no format may name the query string, the path, a header, the Referer or cookies.
 */
import { describe, expect, test } from 'vitest';
import { CLOUDFRONT_LOG_FIELDS, CLOUDFRONT_TOKEN_FIELDS } from '../src/stacks/edge-logs-stack.ts';
import { buildTandem, ofType, type Resources, resourcesOf } from './support.ts';

const env = { account: '123456789012', region: 'eu-west-1' };
const tandem = buildTandem({ env });

/** The `$context.…` variables of an access-log format. */
const variables = (format: string) => [...format.matchAll(/\$context\.[A-Za-z.]+/g)].map((m) => m[0]);
const TOKEN_BEARING = /path|querystring|query|header|uri|referer|cookie|authorization/i;

const stageFormat = (resources: Resources, type: string) => {
  const [, stage] = ofType(resources, type)[0]!;
  return (stage.Properties!.AccessLogSettings as { Format: string; DestinationArn: unknown }).Format;
};

describe('the API stages', () => {
  test('the HTTP API logs the route key and status, never the path, query string or headers', () => {
    const format = stageFormat(resourcesOf(tandem.api), 'AWS::ApiGatewayV2::Stage');
    expect(variables(format)).toContain('$context.routeKey');
    expect(variables(format).filter((v) => TOKEN_BEARING.test(v))).toEqual([]);
  });

  test('the WebSocket stage logs each event with its route and status, never the query string', () => {
    const format = stageFormat(resourcesOf(tandem.realtime), 'AWS::ApiGatewayV2::Stage');
    const vars = variables(format);
    expect(vars).toEqual(
      expect.arrayContaining(['$context.routeKey', '$context.status', '$context.eventType']),
    );
    expect(vars.filter((v) => TOKEN_BEARING.test(v))).toEqual([]);
    expect(() => JSON.parse(format)).not.toThrow();
  });

  test("the WebSocket stage's logs go through the account's API Gateway role, unless it exists already", () => {
    const [, account] = ofType(resourcesOf(tandem.realtime), 'AWS::ApiGateway::Account')[0]!;
    expect(account.Properties!.CloudWatchRoleArn).toBeDefined();
    const existing = buildTandem({ settings: { apiGatewayLogsRole: 'existing' } });
    expect(ofType(resourcesOf(existing.realtime), 'AWS::ApiGateway::Account')).toEqual([]);
    expect(stageFormat(resourcesOf(existing.realtime), 'AWS::ApiGatewayV2::Stage')).toContain(
      '$context.routeKey',
    );
  });
});

describe("CloudFront's access logs", () => {
  test('are delivered from us-east-1 for the distribution, to a log group kept 90 days', () => {
    const logs = tandem.edgeLogs!;
    expect(logs.region).toBe('us-east-1');
    const resources = resourcesOf(logs);
    const [, source] = ofType(resources, 'AWS::Logs::DeliverySource')[0]!;
    expect(source.Properties!.LogType).toBe('ACCESS_LOGS');
    expect(JSON.stringify(source.Properties!.ResourceArn)).toMatch(
      /GetStackOutput.*TandemEdge.*Distribution/,
    );
    const [, group] = ofType(resources, 'AWS::Logs::LogGroup')[0]!;
    expect(group.Properties!.RetentionInDays).toBe(90);
  });

  test('have chosen fields, none that carries a token', () => {
    const [, delivery] = ofType(resourcesOf(tandem.edgeLogs!), 'AWS::Logs::Delivery')[0]!;
    const fields = delivery.Properties!.RecordFields as string[];
    expect(fields).toEqual([...CLOUDFRONT_LOG_FIELDS]);
    for (const f of CLOUDFRONT_TOKEN_FIELDS) expect(fields).not.toContain(f);
    expect(fields.filter((f) => /uri|referer|cookie|query/i.test(f))).toEqual([]);
  });

  test('need the account and region: an offline synth has no log stack', () => {
    expect(buildTandem().edgeLogs).toBeUndefined();
  });
});
