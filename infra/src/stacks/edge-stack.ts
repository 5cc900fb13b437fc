/**
 * The front door: the CloudFront distribution, the private site bucket behind it, and the two API
 * Gateway APIs it forwards to. The APIs are created here, empty, because the distribution needs
 * their addresses and every other stack needs the distribution's (links in e-mails, the attachment
 * bucket's CORS, OAuth callbacks); routes are added later by ApiStack and RealtimeStack. Keeping
 * the three together is what lets the stacks deploy in one direction without a cycle.
 */

import { BUILD_VERSION, BUILD_VERSION_HEADER } from '@tandem/shared/api/config';
import { API_BASE } from '@tandem/shared/api/routes';
import {
  apiSecurityHeaders,
  ORIGIN_VERIFY_HEADER,
  siteSecurityHeaders,
} from '@tandem/shared/api/security-headers';
import { SITE_ROUTING_FUNCTION } from '@tandem/shared/api/site-pages';
import { VIEWER_ADDRESS_HEADER } from '@tandem/shared/request-links/constants';
import {
  Annotations,
  Aws,
  type CfnElement,
  CfnOutput,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { RealtimeSettings } from '../constructs/tandem-function.ts';
import { accessLogBucket } from '../logs.ts';
import { acknowledge } from '../nag.ts';
import { responseHeaders, scriptHashesOfBuild } from '../security-headers.ts';

export interface EdgeStackProps extends StackProps {
  /** The web build the site serves (its inline scripts' hashes go in the CSP); default web/dist. */
  readonly webDist?: string;
  /** The attachments bucket's name, fixed in advance (tandem.ts): the CSP names its host. */
  readonly attachmentsBucketName: string;
  /** The hosted UI's host, when social sign-in is configured: the web exchanges codes there. */
  readonly hostedUiDomain?: string;
  /** The CLOUDFRONT-scope web ACL (FirewallStack, or one named in config). */
  readonly webAclArn?: string;
  /** The billing page the paywall frames: its origin joins the CSP's frame-src (D76). */
  readonly billingEmbedUrl?: string;
}

/**
 * The WebSocket stage's name, and the path the browser connects to. CloudFront forwards `/ws`
 * unchanged, and API Gateway reads the first path segment of a WebSocket URL as the stage, so the
 * stage must be called exactly this.
 */
export const REALTIME_STAGE = 'ws';

/**
 * Serves the single-page app for client-side routes. A path whose last segment has no dot is a
 * route of the app (`/task/42`), so it gets index.html; files (`/assets/x.js`, `/config.json`)
 * pass through. This is done per request rather than with CloudFront error responses, which would
 * also turn the API's real 403 and 404 answers into the app's HTML with status 200. The public
 * request page's paths get its own small page (request.html; decisions D68), /login the sign-in
 * page drawn at build time (login.html; D97). The function's text lives with the list of pages
 * (@tandem/shared/api/site-pages), which the local gateway follows too.
 */
export const SPA_ROUTING = SITE_ROUTING_FUNCTION;

/**
 * Writes the viewer's address, as CloudFront saw the connection, into VIEWER_ADDRESS_HEADER on every
 * API request, replacing any value the viewer sent (decisions D76). The per-address limits key on it.
 * CloudFront's own CloudFront-Viewer-Address cannot be used: a custom origin request policy adds
 * CloudFront headers only with all viewer headers including Host ("allViewerAndWhitelistCloudFront"),
 * and API Gateway refuses a Host that is not its own. A header set by a viewer-request function is a
 * viewer header, so the API behaviour's policy (all viewer headers but Host) forwards it.
 */
export const VIEWER_ADDRESS = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** `https://abc.execute-api.eu-west-1.amazonaws.com` → the host, as a CloudFront origin wants it. */
const hostOf = (endpoint: string) => Fn.select(2, Fn.split('/', endpoint));

export class EdgeStack extends Stack {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly httpApi: apigwv2.HttpApi;
  readonly webSocketApi: apigwv2.WebSocketApi;
  /** `https://<distribution>`: the app, and the origin of the API and WebSocket as well. */
  readonly siteUrl: string;
  readonly apiUrl: string;
  readonly wsUrl: string;
  readonly realtime: RealtimeSettings;
  /**
   * The value CloudFront sends to both APIs in ORIGIN_VERIFY_HEADER, as a deploy-time reference to its
   * secret: the handlers get it as ORIGIN_VERIFY_SECRET and refuse requests without it.
   */
  readonly originVerifySecret: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogBucket(this),
      serverAccessLogsPrefix: 'site-bucket/',
      // Old hashed bundles stay so a tab opened before a release can still load its chunks.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Named after the stack so two copies of Tandem in one account are told apart in the console.
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `${this.stackName}-http`,
      description: 'Tandem API: one route per manifest entry, added by the API stack',
      // The $default stage is the API stack's: its throttling names routes, which must exist first.
      createDefaultStage: false,
    });
    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${this.stackName}-ws`,
      description: 'Tandem live updates and chat: routes and stage added by the realtime stack',
    });

    // Only CloudFront knows this value, so a request to an execute-api address has come around the
    // firewall. Replaced by deploying with a new secret value (docs/operations.md).
    const originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'Tandem: the header CloudFront sends to the APIs, which refuse requests without it',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    acknowledge(
      originVerify,
      'AwsSolutions-SMG4',
      'A shared value between CloudFront and the API handlers, both set from it at deploy time; ' +
        'automatic rotation would change it under them. It is changed by a deploy (docs/operations.md).',
    );
    this.originVerifySecret = originVerify.secretValue.unsafeUnwrap();
    const originHeaders = { [ORIGIN_VERIFY_HEADER]: this.originVerifySecret };

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
    });

    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "Writes the viewer's address for the API's per-address limits",
    });

    // Both APIs are dynamic: never cached, every viewer header but Host forwarded (Host must be
    // API Gateway's own), so Authorization, the WebSocket upgrade headers and the query string
    // (the WebSocket token) reach the origin.
    const passThrough = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    // The security headers of @tandem/shared/api/security-headers, which the local gateway sends too.
    // The site's CSP names Cognito and the attachments bucket; the WebSocket is on this distribution's
    // host, which 'self' covers (and naming it would be a cycle: distribution → policy → distribution).
    const region = Aws.REGION;
    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteResponseHeaders', {
      comment: 'Tandem site: Content-Security-Policy, HSTS, nosniff, Permissions-Policy',
      ...responseHeaders(
        siteSecurityHeaders({
          cognito: [
            `https://cognito-idp.${region}.${Aws.URL_SUFFIX}`,
            ...(props.hostedUiDomain ? [`https://${props.hostedUiDomain}`] : []),
          ],
          attachments: [`https://${props.attachmentsBucketName}.s3.${region}.${Aws.URL_SUFFIX}`],
          scriptHashes: scriptHashesOfBuild(props.webDist),
          frames: props.billingEmbedUrl ? [new URL(props.billingEmbedUrl).origin] : [],
        }),
      ),
    });
    // Every answer under /api/v1 carries the build-version, also those no handler writes: the JWT
    // authorizer's 401, API Gateway's 413 and 5xx, and CloudFront's own errors.
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiResponseHeaders', {
      comment: 'Tandem API: the build-version header and the security headers on every answer',
      ...responseHeaders(apiSecurityHeaders(), [
        { header: BUILD_VERSION_HEADER, value: BUILD_VERSION, override: true },
      ]),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Tandem (${id})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        // The $default stage serves paths as they come, so API routes carry the /api/v1 prefix.
        [`${API_BASE}/*`]: {
          ...passThrough,
          origin: new origins.HttpOrigin(hostOf(this.httpApi.apiEndpoint), {
            customHeaders: originHeaders,
          }),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          responseHeadersPolicy: apiHeaders,
          functionAssociations: [
            { function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        [`/${REALTIME_STAGE}`]: {
          ...passThrough,
          origin: new origins.HttpOrigin(hostOf(this.webSocketApi.apiEndpoint), {
            customHeaders: originHeaders,
          }),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          responseHeadersPolicy: apiHeaders,
        },
      },
    });

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Tandem is offered worldwide; no country is to be refused at the edge.',
    );
    if (!props.webAclArn) {
      Annotations.of(this).addWarningV2(
        'tandem:no-edge-firewall',
        'No web application firewall on CloudFront: the account and region are unknown (offline synth). ' +
          'Deploy with AWS credentials, or name a web ACL with tandem:webAclArn.',
      );
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'Only in an environment-agnostic synth (no account and region known), where the us-east-1 ' +
          'firewall stack cannot be placed; a deploy always knows them and gets the firewall.',
      );
    }
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR3',
      "CFR3 looks for the legacy S3 logs, which write the path and query string, where the WebSocket's " +
        "and the calendar feed's tokens travel. The distribution's access logs are standard logging v2 " +
        'with chosen fields, none carrying a token (EdgeLogsStack, in us-east-1 where CloudFront delivers).',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The distribution uses the default *.cloudfront.net certificate, whose minimum TLS version ' +
        'CloudFront does not let us raise; it becomes TLSv1.2_2021 when a custom domain and ACM ' +
        'certificate are configured.',
    );

    const domain = this.distribution.distributionDomainName;
    this.siteUrl = `https://${domain}`;
    this.apiUrl = `https://${domain}${API_BASE}`;
    this.wsUrl = `wss://${domain}/${REALTIME_STAGE}`;

    // Handlers post to connections directly at API Gateway, not through CloudFront.
    const wsApiId = this.webSocketApi.apiId;
    const connectionsArn = this.formatArn({
      service: 'execute-api',
      resource: wsApiId,
      resourceName: `${REALTIME_STAGE}/POST/@connections/*`,
    });
    this.realtime = {
      endpoint: `https://${wsApiId}.execute-api.${this.region}.${this.urlSuffix}/${REALTIME_STAGE}`,
      grantPost: (grantee) =>
        iam.Grant.addToPrincipal({
          grantee,
          actions: ['execute-api:ManageConnections'],
          resourceArns: [connectionsArn],
        }),
      connectionsArnForNag: `arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${this.getLogicalId(
        this.webSocketApi.node.defaultChild as CfnElement,
      )}>/${REALTIME_STAGE}/*/@connections/*`,
    };

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'Open Tandem here' });
  }
}
