/**
 * What the distribution serves: the built web app and `config.json`, the runtime settings the app
 * reads at start (ARCHITECTURE §3). Deployed last, because config.json names the user pool and
 * client, which exist only once AuthStack has deployed.
 */

import type { RuntimeConfig } from '@tandem/shared/api/config';
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { acknowledge, BASIC_EXECUTION, BASIC_EXECUTION_REASON, nagRef } from '../nag.ts';
import { webBuilt, webDist } from '../paths.ts';

export interface WebStackProps extends StackProps {
  readonly siteBucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  readonly runtimeConfig: RuntimeConfig;
  /** The Vite build to upload; web/dist unless a test points elsewhere. */
  readonly webDist?: string;
}

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>Tandem</title>
<p>The web app was not built when this was deployed. Run <code>npm run build</code>, then <code>npx cdk deploy --all</code>.</p>`;

export class WebStack extends Stack {
  /** The exact object written to /config.json (its values resolve at deploy time). */
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.runtimeConfig = props.runtimeConfig;
    const dist = props.webDist ?? webDist;
    const built = webBuilt(dist);
    if (!built) {
      Annotations.of(this).addWarningV2(
        'tandem:web-not-built',
        `${dist} has no index.html: deploying a placeholder page. Run "npm run build" first.`,
      );
    }

    // Vite names everything under assets/ by content hash, so those files never change and may be
    // cached for a year. Old ones are kept (no prune): a tab opened before a release still loads them.
    const assets = built
      ? new s3deploy.BucketDeployment(this, 'Assets', {
          sources: [s3deploy.Source.asset(dist)],
          destinationBucket: props.siteBucket,
          include: ['assets/*'],
          exclude: ['*'],
          prune: false,
          cacheControl: [
            s3deploy.CacheControl.setPublic(),
            s3deploy.CacheControl.maxAge(Duration.days(365)),
            s3deploy.CacheControl.immutable(),
          ],
          memoryLimit: 512,
        })
      : undefined;

    // Everything else (index.html, config.json, icons) must be fetched fresh after each release.
    const entry = new s3deploy.BucketDeployment(this, 'EntryAndConfig', {
      sources: [
        built ? s3deploy.Source.asset(dist) : s3deploy.Source.data('index.html', PLACEHOLDER),
        s3deploy.Source.jsonData('config.json', props.runtimeConfig),
      ],
      destinationBucket: props.siteBucket,
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html must never point at bundles that are not uploaded yet.
    if (assets) entry.node.addDependency(assets);

    // The uploads run in CDK's own BucketDeployment function, which this stack holds and nothing else.
    const cdkDeployment = "CDK's BucketDeployment function (it copies the build into the site bucket)";
    acknowledge(this, BASIC_EXECUTION, BASIC_EXECUTION_REASON);
    acknowledge(this, 'AwsSolutions-L1', `${cdkDeployment}: CDK picks and updates its runtime.`);
    for (const finding of [
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      'Resource::*',
      `Resource::${nagRef(props.siteBucket)}/*`,
      'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
    ]) {
      acknowledge(
        this,
        `AwsSolutions-IAM5[${finding}]`,
        `${cdkDeployment}: CDK writes its policy: read the deploy assets, write the site bucket and ` +
          'invalidate the distribution (CloudFront invalidations take no resource). It runs only during a deploy.',
      );
    }
    new CfnOutput(this, 'ConfigJson', { value: Stack.of(this).toJsonString(props.runtimeConfig) });
  }
}
