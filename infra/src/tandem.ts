/**
 * The whole deployment: every stack, wired in the one order that has no cycles.
 *
 *   Edge (APIs, distribution) → Data → Mail? → Auth → Api, Realtime, Jobs → Web
 *
 * Taking the manifest and config as parameters lets tests build variants (social sign-in on, 300
 * routes) without touching the real files.
 */

import { BUILD_VERSION, type RuntimeConfig } from '@tandem/shared/api/config';
import { Annotations, type App, type Environment, Tags } from 'aws-cdk-lib';
import type { TandemConfig } from './config.ts';
import type { Backend } from './constructs/tandem-function.ts';
import type { DeployManifest } from './manifest.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { AuthStack } from './stacks/auth-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { EdgeStack } from './stacks/edge-stack.ts';
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
  readonly edge: EdgeStack;
  readonly data: DataStack;
  readonly mail?: MailStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
}

export function createTandem(app: App, { config, manifest, env, webDist }: TandemProps): Tandem {
  const name = (intent: string) => `${config.stackPrefix}${intent}`;
  const base = { env };

  const edge = new EdgeStack(app, name('Edge'), {
    ...base,
    description: 'Tandem: CloudFront, site bucket, HTTP and WebSocket APIs',
  });
  const data = new DataStack(app, name('Data'), {
    ...base,
    description: 'Tandem: table and attachments (retained)',
    siteUrl: edge.siteUrl,
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

  const backend: Backend & Required<Pick<Backend, 'cognito'>> = {
    app: appSettings,
    table: data.table,
    attachments: data.attachments,
    mail: mail?.mailer,
    cognito: auth.cognito,
    realtime: edge.realtime,
  };

  const api = new ApiStack(app, name('Api'), {
    ...base,
    description: 'Tandem: HTTP API routes and handlers',
    routes: manifest.routes,
    httpApiId: edge.httpApi.apiId,
    backend,
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
    table: data.table,
  });
  const jobs = new JobsStack(app, name('Jobs'), {
    ...base,
    description: 'Tandem: scheduled jobs',
    jobs: manifest.jobs,
    backend,
  });

  const runtimeConfig: RuntimeConfig = {
    apiUrl: edge.apiUrl,
    wsUrl: edge.wsUrl,
    buildVersion: BUILD_VERSION,
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
  return { edge, data, mail, auth, api, realtime, jobs, web, monitoring };
}
