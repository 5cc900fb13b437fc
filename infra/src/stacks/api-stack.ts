/**
 * The HTTP API's routes: one Lambda per entry of the route manifest, behind the Cognito JWT
 * authorizer for `user` routes. The functions live in nested stacks, one per area of the API
 * (see planRouteGroups), so no template nears CloudFormation's 500-resource limit however many
 * routes the manifest grows to.
 */

import type { RouteDef } from '@tandem/shared/api/routes';
import { publicPerIpRoutes, type RateLimit, THROTTLE_LIMITS } from '@tandem/shared/api/throttling';
import { NestedStack, type NestedStackProps, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { type Backend, type CognitoSettings, TandemFunction } from '../constructs/tandem-function.ts';
import { gatewayPath, needsOfRoute, planRouteGroups, type RouteGroup } from '../manifest.ts';
import { acknowledge } from '../nag.ts';

export interface ApiStackProps extends StackProps {
  readonly routes: Readonly<Record<string, RouteDef>>;
  /** The API created (empty) by EdgeStack. */
  readonly httpApiId: string;
  readonly backend: Backend & { readonly cognito: CognitoSettings };
  /** EdgeStack's originVerifySecret: the handlers refuse requests that did not come through CloudFront. */
  readonly originVerifySecret: string;
}

interface RouteStackProps extends NestedStackProps {
  readonly group: RouteGroup;
  readonly httpApi: apigwv2.IHttpApi;
  readonly userAuthorizer: apigwv2.IHttpRouteAuthorizer;
  readonly backend: Backend;
  readonly originVerifySecret: string;
}

/**
 * One area's routes. Functions with the same needs share one role (two resources instead of 2n), so
 * an area has a role per distinct set of needs (readers, writers, senders…) and no function holds a
 * right another function of its area needs.
 */
class RouteStack extends NestedStack {
  constructor(scope: Construct, id: string, props: RouteStackProps) {
    super(scope, id, { description: `Tandem API routes: ${props.group.id}` });
    const roles = new Map<string, iam.Role>();
    const roleFor = (needs: readonly string[]) => {
      const name = needs.length === 0 ? 'Nothing' : needs.map(pascal).join('');
      let role = roles.get(name);
      if (!role) {
        role = new iam.Role(this, `Role${name}`, {
          assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
          managedPolicies: [
            iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole'),
          ],
          description: `Tandem API handlers of ${props.group.id} that need: ${needs.join(', ') || 'nothing'}`,
        });
        roles.set(name, role);
      }
      return role;
    };
    const noAuth = new apigwv2.HttpNoneAuthorizer();
    for (const [routeId, route] of props.group.routes) {
      const needs = needsOfRoute(routeId);
      const fn = new TandemFunction(this, routeId, {
        module: `http/${route.handler}`,
        description: `${route.method} ${route.path} (http/${route.handler})`,
        memorySize: route.memory,
        role: roleFor(needs),
      }).connect(props.backend, needs);
      fn.addEnvironment('ORIGIN_VERIFY_SECRET', props.originVerifySecret);
      const httpRoute = new apigwv2.HttpRoute(this, `${routeId}Route`, {
        httpApi: props.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(gatewayPath(route), apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${routeId}Integration`, fn),
        authorizer: route.auth === 'user' ? props.userAuthorizer : noAuth,
      });
      if (route.auth === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          'Public by the product specification: it is opened from an e-mailed link or a calendar app ' +
            'by someone who may have no account. The unguessable key in the request is the ' +
            'credential; the route has its own stricter throttle and its function only reads the table.',
        );
      }
    }
  }
}

/**
 * One JSON line per request. The route key, not the path: the calendar-feed token is part of its
 * path, and `GET /api/v1/calendar/feed/{token}` names the route without it. No query string, no headers.
 */
const HTTP_ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    time: '$context.requestTime',
    route: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    bytes: '$context.responseLength',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
  }),
);

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

export class ApiStack extends Stack {
  readonly routeStacks: NestedStack[];
  readonly stage: apigwv2.HttpStage;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    // Imported into this stack so the authorizer is created here, next to the user pool it
    // depends on, and not in EdgeStack (which would then depend on AuthStack: a cycle).
    const httpApi = apigwv2.HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId: props.httpApiId });
    const { cognito } = props.backend;
    // Cognito access tokens carry the app client in `client_id`, not `aud`; API Gateway's JWT
    // authorizer accepts either against the audience list.
    const userAuthorizer = new HttpJwtAuthorizer('CognitoAccessToken', cognito.issuer, {
      jwtAudience: [cognito.clientId],
      identitySource: ['$request.header.Authorization'],
    });
    this.routeStacks = planRouteGroups(props.routes).map(
      (group) =>
        new RouteStack(this, group.id, {
          group,
          httpApi,
          userAuthorizer,
          backend: props.backend,
          originVerifySecret: props.originVerifySecret,
        }),
    );

    // The stage and its throttling (THROTTLE_LIMITS, which the local gateway enforces too). API Gateway
    // throttles a stage or route for all callers together; per-user and per-IP limits are a WAF rule's
    // (docs/decisions.md D15). The public routes people open get a stricter cap of their own.
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: THROTTLE_LIMITS.httpStage.rate, burstLimit: THROTTLE_LIMITS.httpStage.burst },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', {
            retention: logs.RetentionDays.THREE_MONTHS,
            removalPolicy: RemovalPolicy.RETAIN,
          }),
        ),
        format: HTTP_ACCESS_LOG_FORMAT,
      },
    });
    // RouteSettings is a JSON map CDK passes through as written: CloudFormation's own key names.
    const routeLimit = (l: RateLimit) => ({ ThrottlingRateLimit: l.rate, ThrottlingBurstLimit: l.burst });
    (this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = Object.fromEntries(
      publicPerIpRoutes(props.routes).map(([, route]) => [
        `${route.method} ${gatewayPath(route)}`,
        routeLimit(THROTTLE_LIMITS.publicRoute),
      ]),
    );
    // Route settings naming a route that does not exist yet fail the deployment.
    for (const routes of this.routeStacks) this.stage.node.addDependency(routes);
  }
}
