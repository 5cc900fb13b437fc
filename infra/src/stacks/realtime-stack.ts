/**
 * Live updates and chat: the WebSocket routes of the manifest, the token check on $connect, and
 * the `ws` stage. Connections are stored in the table by the handlers themselves.
 */
import { THROTTLE_LIMITS } from '@tandem/shared/api/throttling';
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { type Backend, type CognitoSettings, TandemFunction } from '../constructs/tandem-function.ts';
import { needsOfFixed, needsOfWs } from '../manifest.ts';
import { acknowledge } from '../nag.ts';
import { REALTIME_STAGE } from './edge-stack.ts';

export interface RealtimeStackProps extends StackProps {
  readonly wsRoutes: Readonly<Record<string, string>>;
  /** The API created (empty) by EdgeStack. */
  readonly webSocketApiId: string;
  readonly webSocketApiEndpoint: string;
  readonly backend: Backend & { readonly cognito: CognitoSettings };
  /** EdgeStack's originVerifySecret: $connect is refused unless it came through CloudFront. */
  readonly originVerifySecret: string;
}

const constructId = (name: string) =>
  name.replace(/(^|[^A-Za-z0-9])([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

export class RealtimeStack extends Stack {
  readonly stage: apigwv2.WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const webSocketApi = apigwv2.WebSocketApi.fromWebSocketApiAttributes(this, 'WebSocketApi', {
      webSocketId: props.webSocketApiId,
      apiEndpoint: props.webSocketApiEndpoint,
    });
    // Auto-deploy publishes route changes without a Deployment resource to keep in step.
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      // All callers together (THROTTLE_LIMITS; the local gateway enforces the same).
      throttle: {
        rateLimit: THROTTLE_LIMITS.webSocketStage.rate,
        burstLimit: THROTTLE_LIMITS.webSocketStage.burst,
      },
    });
    acknowledge(
      this.stage,
      'AwsSolutions-APIG1',
      'Known remaining work (docs/decisions.md D29): WebSocket access logs need the account-wide API ' +
        'Gateway CloudWatch role, an account setting outside this app. Connections and their ' +
        "failures are in the handlers' logs meanwhile.",
    );
    const backend: Backend = {
      ...props.backend,
      realtime: {
        endpoint: this.stage.callbackUrl,
        grantPost: (g) => this.stage.grantManagementApiAccess(g),
        // The same connections as EdgeStack's grant names.
        connectionsArnForNag: props.backend.realtime?.connectionsArnForNag ?? '',
      },
    };

    // Browsers cannot set headers on a WebSocket, so the access token comes in the query string.
    const authorize = new TandemFunction(this, 'Authorize', {
      module: 'ws/authorize',
      description: 'Checks the Cognito access token of a WebSocket connection',
    }).connect(backend, needsOfFixed('ws/authorize'));
    authorize.addEnvironment('ORIGIN_VERIFY_SECRET', props.originVerifySecret);
    const authorizer = new WebSocketLambdaAuthorizer('TokenAuthorizer', authorize, {
      identitySource: ['route.request.querystring.token'],
    });

    for (const [routeKey, module] of Object.entries(props.wsRoutes)) {
      const name = constructId(module);
      const fn = new TandemFunction(this, name, {
        module: `ws/${module}`,
        description: `WebSocket ${routeKey} (ws/${module})`,
      }).connect(backend, needsOfWs(module));
      const route = new apigwv2.WebSocketRoute(this, `${name}Route`, {
        webSocketApi,
        routeKey,
        integration: new WebSocketLambdaIntegration(`${name}Integration`, fn),
        // API Gateway runs an authorizer on $connect only; later frames ride on that connection.
        authorizer: routeKey === '$connect' ? authorizer : undefined,
      });
      if (routeKey !== '$connect') {
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          'API Gateway runs a WebSocket authorizer on $connect only; every later frame travels on a ' +
            'connection whose token was checked there.',
        );
      }
      // The stage's first auto-deployment must see every route.
      this.stage.node.addDependency(route);
    }
  }
}
