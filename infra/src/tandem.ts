/**
 * The whole deployment: every stack, wired in the one order that has no cycles.
 *
 *   Edge (APIs, distribution) → Data → Mail? → Auth → Api, Realtime, Jobs → Web
 *
 * Taking the manifest and config as parameters lets tests build variants (social sign-in on, 300
 * routes) without touching the real files.
 */

import { BUILD_VERSION, type RuntimeConfig } from '@tandem/shared/api/config';
import { Annotations, type App, Aws, type Environment, Tags } from 'aws-cdk-lib';
import { planBundles } from './bundles.ts';
import type { TandemConfig } from './config.ts';
import { type Backend, bundlesDir } from './constructs/tandem-function.ts';
import { VapidKeys } from './constructs/vapid-keys.ts';
import { type DeployManifest, handlerModules } from './manifest.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { AuthStack } from './stacks/auth-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { EdgeLogsStack } from './stacks/edge-logs-stack.ts';
import { EdgeStack } from './stacks/edge-stack.ts';
import { FirewallStack } from './stacks/firewall-stack.ts';
import { JobsStack } from './stacks/jobs-stack.ts';
import { MailStack } from './stacks/mail-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { RealtimeStack } from './stacks/realtime-stack.ts';
import { WebStack } from './stacks/web-stack.ts';

export interface TandemProps {
  readonly config: TandemConfig;
  readonly manifest: DeployManifest;
  /** Account and region; left out, the stacks are environment-agnostic. */
  readonly env?: Environment;
  /** The web build to deploy (default web/dist). */
  readonly webDist?: string;
}

export interface Tandem {
  /** In us-east-1; absent when config names a web ACL, or when the account and region are unknown. */
  readonly firewall?: FirewallStack;
  readonly edge: EdgeStack;
  /** CloudFront's access logs, in us-east-1; absent when the account and region are unknown. */
  readonly edgeLogs?: EdgeLogsStack;
  readonly data: DataStack;
  readonly mail?: MailStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
}

/**
 * The attachments bucket's name, fixed in advance: the site's Content-Security-Policy (EdgeStack)
 * must name the bucket's host, and the bucket (DataStack) needs the site's address for its CORS, so
 * neither stack can wait for the other. Unique per account, region and copy of the app.
 */
export const attachmentsBucket = (stackPrefix: string): string =>
  `${stackPrefix.toLowerCase()}-attachments-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export function createTandem(app: App, { config, manifest, env, webDist }: TandemProps): Tandem {
  const name = (intent: string) => `${config.stackPrefix}${intent}`;
  // Every function's bundle comes from one esbuild build, made when the first function needs it.
  planBundles(bundlesDir(app), handlerModules(manifest));
  const base = { env };

  const attachmentsBucketName = attachmentsBucket(config.stackPrefix);
  // CloudFront's firewall and log deliveries must be made in us-east-1: stacks there, read across
  // regions. That needs the account and region, known whenever the CLI deploys (bin/app.ts).
  const crossRegion = !!(env?.account && env.region);
  const firewall =
    !config.webAclArn && env?.account && env.region
      ? new FirewallStack(app, name('Firewall'), {
          env: { account: env.account, region: 'us-east-1' },
          crossRegionReferences: true,
          description: "Tandem: CloudFront's web application firewall (us-east-1)",
        })
      : undefined;
  const edge = new EdgeStack(app, name('Edge'), {
    ...base,
    ...(crossRegion ? { crossRegionReferences: true } : {}),
    webAclArn: config.webAclArn ?? firewall?.webAcl.attrArn,
    description: 'Tandem: CloudFront, site bucket, HTTP and WebSocket APIs',
    webDist,
    attachmentsBucketName,
    billingEmbedUrl: config.billingEmbedUrl,
    hostedUiDomain: config.authDomainPrefix
      ? `${config.authDomainPrefix}.auth.${Aws.REGION}.amazoncognito.com`
      : undefined,
  });
  const edgeLogs =
    crossRegion && env?.account
      ? new EdgeLogsStack(app, name('EdgeLogs'), {
          env: { account: env.account, region: 'us-east-1' },
          crossRegionReferences: true,
          description: "Tandem: CloudFront's access logs, without paths or query strings (us-east-1)",
          distributionId: edge.distribution.distributionId,
          namePrefix: config.stackPrefix.toLowerCase(),
        })
      : undefined;
  const data = new DataStack(app, name('Data'), {
    ...base,
    description: 'Tandem: table and attachments (retained)',
    siteUrl: edge.siteUrl,
    attachmentsBucketName,
  });
  const mail = config.mail
    ? new MailStack(app, name('Mail'), {
        ...base,
        description: 'Tandem: SES sender identity',
        mail: config.mail,
      })
    : undefined;
  const appSettings = {
    appUrl: edge.siteUrl,
    buildVersion: config.buildVersion,
    internalAccounts: config.internalAccounts,
    bedrockModel: config.bedrockModel,
    agendaAccounts: config.agendaAccounts,
  };
  const auth = new AuthStack(app, name('Auth'), {
    ...base,
    description: 'Tandem: Cognito user pool, triggers and web client',
    config,
    app: appSettings,
    table: data.table,
    mail: mail?.mailer,
  });
  if (config.cognitoEmailViaSes && mail)
    auth.addStackDependency(mail, 'Cognito sends through the SES identity');

  // Web Push's key pair, made at the first deploy and kept with the data (constructs/vapid-keys.ts).
  const vapid = new VapidKeys(data, 'VapidKeys');
  const backend: Backend & Required<Pick<Backend, 'cognito'>> = {
    app: appSettings,
    table: data.table,
    attachments: data.attachments,
    mail: mail?.mailer,
    cognito: auth.cognito,
    realtime: edge.realtime,
    vapid: vapid.secret,
    integrationsKey: data.integrationsKey,
  };

  const api = new ApiStack(app, name('Api'), {
    ...base,
    description: 'Tandem: HTTP API routes and handlers',
    routes: manifest.routes,
    httpApiId: edge.httpApi.apiId,
    backend,
    originVerifySecret: edge.originVerifySecret,
  });
  if (!mail) {
    Annotations.of(api).addWarningV2(
      'tandem:no-mail',
      'No sender configured (tandem:mailFrom / tandem:mailDomain): functions cannot send e-mail.',
    );
  }
  const realtime = new RealtimeStack(app, name('Realtime'), {
    ...base,
    description: 'Tandem: WebSocket routes, authorizer and stage',
    wsRoutes: manifest.wsRoutes,
    webSocketApiId: edge.webSocketApi.apiId,
    webSocketApiEndpoint: edge.webSocketApi.apiEndpoint,
    backend,
    originVerifySecret: edge.originVerifySecret,
    apiGatewayLogsRole: config.apiGatewayLogsRole,
    table: data.table,
    reservedConcurrency: config.asyncReservedConcurrency,
  });
  const jobs = new JobsStack(app, name('Jobs'), {
    ...base,
    description: 'Tandem: scheduled jobs',
    jobs: manifest.jobs,
    backend,
    reservedConcurrency: config.asyncReservedConcurrency,
  });

  const runtimeConfig: RuntimeConfig = {
    apiUrl: edge.apiUrl,
    wsUrl: edge.wsUrl,
    buildVersion: BUILD_VERSION,
    vapidPublicKey: vapid.publicKey,
    ...(config.billingEmbedUrl ? { billingEmbedUrl: config.billingEmbedUrl } : {}),
    cognito: {
      region: auth.region,
      userPoolId: auth.cognito.userPoolId,
      clientId: auth.cognito.clientId,
      ...(auth.hostedUiDomain ? { domain: auth.hostedUiDomain } : {}),
      ...(auth.providers.length > 0 ? { providers: [...auth.providers] } : {}),
    },
  };
  const web = new WebStack(app, name('Web'), {
    ...base,
    description: 'Tandem: web app and config.json',
    siteBucket: edge.siteBucket,
    distribution: edge.distribution,
    runtimeConfig,
    webDist,
  });
  // The API and live updates should be up before a new web build starts calling them.
  web.addStackDependency(api);
  web.addStackDependency(realtime);

  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    ...base,
    description: 'Tandem: alarms and the topic they go to',
    httpApiId: edge.httpApi.apiId,
    webSocketApiId: edge.webSocketApi.apiId,
    table: data.table,
    jobs: jobs.functions,
    deadLetters: jobs.deadLetters,
    liveDeadLetters: realtime.liveDeadLetters,
    mail: !!mail,
  });

  Tags.of(app).add('app', 'tandem');
  return { firewall, edge, edgeLogs, data, mail, auth, api, realtime, jobs, web, monitoring };
}
