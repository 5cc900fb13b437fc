/** RealtimeStack: WebSocket routes from the manifest, the token check on $connect, the `ws` stage. */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, test } from 'vitest';
import { realManifest } from '../src/manifest.ts';
import { LIVE_STREAM_FILTER } from '../src/stacks/realtime-stack.ts';
import { buildTandem, firstRef, ofType, resourcesOf } from './support.ts';

const tandem = buildTandem();
const template = Template.fromStack(tandem.realtime);
const resources = resourcesOf(tandem.realtime);
const routes = ofType(resources, 'AWS::ApiGatewayV2::Route');

describe('WebSocket routes', () => {
  test.each(Object.entries(realManifest.wsRoutes))('%s runs functions/src/ws/%s.ts', (routeKey, module) => {
    const [, route] = routes.find(([, r]) => r.Properties?.RouteKey === routeKey)!;
    const integration = resources[firstRef(route.Properties?.Target)!]!;
    expect(integration.Properties?.IntegrationType).toBe('AWS_PROXY');
    const fn = resources[firstRef(integration.Properties?.IntegrationUri)!]!;
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Description: `WebSocket ${routeKey} (ws/${module})`,
    });
  });

  test('no route more than the manifest lists', () => {
    expect(routes.map(([, r]) => r.Properties?.RouteKey).sort()).toEqual(
      Object.keys(realManifest.wsRoutes).sort(),
    );
  });

  test('$connect checks the token from the query string with the Lambda authorizer; nothing else does', () => {
    const [authorizerId, authorizer] = ofType(resources, 'AWS::ApiGatewayV2::Authorizer')[0]!;
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    const authorizeFnId = firstRef(authorizer.Properties?.AuthorizerUri);
    expect(resources[authorizeFnId!]?.Properties?.Description).toMatch(/access token/);
    for (const [, route] of routes) {
      if (route.Properties?.RouteKey === '$connect') {
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'CUSTOM',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(route.Properties?.AuthorizationType).toBe('NONE');
      }
    }
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [authorizeFnId, 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
    });
  });

  test('the authorizer knows the pool it verifies tokens against', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('access token'),
      Environment: {
        Variables: Match.objectLike({
          COGNITO_USER_POOL_ID: Match.anyValue(),
          COGNITO_CLIENT_ID: Match.anyValue(),
          COGNITO_ISSUER: Match.anyValue(),
        }),
      },
    });
  });
});

describe('the stage', () => {
  test('is called ws (the path CloudFront forwards) and deploys after every route exists', () => {
    const [, stage] = ofType(resources, 'AWS::ApiGatewayV2::Stage')[0]!;
    expect(stage.Properties).toMatchObject({ StageName: 'ws', AutoDeploy: true });
    expect(stage.DependsOn).toEqual(expect.arrayContaining(routes.map(([id]) => id)));
  });

  test('handlers post to connections through the stage callback URL', () => {
    const endpoint = {
      'Fn::Join': ['', Match.arrayWith(['https://', '.execute-api.', { Ref: 'AWS::Region' }, '/ws'])],
    };
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'WebSocket $default (ws/default)',
      Environment: {
        Variables: Match.objectLike({ WS_MANAGEMENT_ENDPOINT: endpoint }),
      },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'execute-api:ManageConnections',
            Resource: { 'Fn::Join': ['', Match.arrayWith(['/ws/*/@connections/*'])] },
          }),
        ]),
      },
    });
  });
});

describe('the stream consumer', () => {
  const [, mapping] = ofType(resources, 'AWS::Lambda::EventSourceMapping')[0]!;
  const props = mapping.Properties!;

  test('is one function, reading the table stream of DataStack from its latest record', () => {
    expect(ofType(resources, 'AWS::Lambda::EventSourceMapping')).toHaveLength(1);
    const fn = resources[firstRef(props.FunctionName)!]!;
    expect(fn.Properties?.Description).toMatch(/\(streams\/live\)$/);
    expect(JSON.stringify(props.EventSourceArn)).toContain('StreamArn');
    expect(props.StartingPosition).toBe('LATEST');
  });

  test('is given tasks, groups, users, attachments, placements, chat messages, notifications, queued pushes, queued tellings and memberships only', () => {
    expect(props.FilterCriteria).toEqual({ Filters: [{ Pattern: JSON.stringify(LIVE_STREAM_FILTER) }] });
    // The sort keys as ElectroDB writes them (lower case): tasks, groups, users (their avatar, D48),
    // attachments, curricula (their files go with them, D72); placements, messages and notifications
    // by their start.
    expect(LIVE_STREAM_FILTER.dynamodb.Keys.sk.S).toEqual([
      'task',
      'group',
      'profile',
      'attach',
      'curriculum',
      { prefix: 'utask#' },
      { prefix: 'msg#' },
      { prefix: 'notif#' },
      { prefix: 'pushout#' },
      { prefix: 'tellout#' },
      { prefix: 'groupm#' },
    ]);
  });

  test('reports failed records one by one, retries a bounded number of times, then sends them to a dead-letter queue', () => {
    expect(props.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(props.BisectBatchOnFunctionError).toBe(true);
    expect(props.MaximumRetryAttempts).toBe(5);
    expect(props.MaximumRecordAgeInSeconds).toBe(3600);
    const destination = (props.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure
      .Destination;
    const queue = resources[firstRef(destination)!]!;
    expect(queue.Type).toBe('AWS::SQS::Queue');
    expect(queue.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600 });
  });

  test('posts through the stage callback URL like the WebSocket handlers', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('streams/live'),
      Environment: {
        Variables: Match.objectLike({
          WS_MANAGEMENT_ENDPOINT: Match.anyValue(),
          TABLE_NAME: Match.anyValue(),
        }),
      },
    });
  });
});
