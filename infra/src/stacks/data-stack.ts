/**
 * What users create: the single table and the attachments bucket. Both are retained when the
 * stack is deleted; losing either would lose users' work.
 */

import { tableDefinition } from '@tandem/functions/db/table';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { accessLogBucket } from '../logs.ts';

export interface DataStackProps extends StackProps {
  /** The site's origin: the only page allowed to upload to and read from the bucket directly. */
  readonly siteUrl: string;
  /** Fixed in advance, because the site's Content-Security-Policy names it (tandem.ts). */
  readonly attachmentsBucketName: string;
}

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly attachments: s3.Bucket;
  /** Seals calendar connections' refresh tokens and passwords (envelope encryption; decisions D75). */
  readonly integrationsKey: kms.Key;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    // Built from the same definition the local stack uses, so keys and indexes cannot drift.
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalIndexes.map((g) => ({
        indexName: g.name,
        partitionKey: stringKey(g.partitionKey),
        sortKey: stringKey(g.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      // Every change with its before and after (docs/realtime.md): the stream consumer
      // (RealtimeStack) decides from them who hears of it; the local stack reads the same stream.
      dynamoStream: dynamodb.StreamViewType[tableDefinition.streamViewType],
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.attachments = new s3.Bucket(this, 'Attachments', {
      bucketName: props.attachmentsBucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The browser reads with presigned GET links and may upload with a presigned POST (a form:
      // only its content type is a header); avatars go through the API. S3 answers those
      // cross-origin calls only for the site's own origin.
      cors: [
        {
          allowedOrigins: [props.siteUrl],
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
          allowedHeaders: ['content-type'],
          maxAge: 3000,
        },
      ],
      // A replaced or deleted file can be brought back for 30 days, then its old version goes.
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        // Attachment uploads never confirmed (functions/src/core/attachments/objects.ts UPLOAD_PREFIX):
        // a confirmed file is copied out of uploads/, so whatever stays there a day is forgotten.
        { id: 'UnconfirmedUploads', prefix: 'uploads/', expiration: Duration.days(1) },
      ],
      serverAccessLogsBucket: accessLogBucket(this),
      serverAccessLogsPrefix: 'attachments/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Retained like the table: without it the sealed secrets the table keeps could never be opened.
    // Yearly rotation keeps every older version, so values sealed before a rotation still open.
    this.integrationsKey = new kms.Key(this, 'IntegrationsKey', {
      description: 'Tandem: seals calendar connections’ refresh tokens and passwords (data keys)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
