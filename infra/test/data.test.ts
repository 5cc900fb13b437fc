/** DataStack: the table matches tableDefinition and both stores of user data are private and kept. */

import { tableDefinition } from '@tandem/functions/db/table';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, test } from 'vitest';
import { buildTandem, ofType, resourcesOf } from './support.ts';

const tandem = buildTandem();
const template = Template.fromStack(tandem.data);

describe('the table', () => {
  test('has the keys and indexes of tableDefinition, all strings, projecting everything', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((g) => ({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    const [, table] = ofType(resourcesOf(tandem.data), 'AWS::DynamoDB::GlobalTable')[0]!;
    const attrs = table.Properties?.AttributeDefinitions as Array<{
      AttributeName: string;
      AttributeType: string;
    }>;
    const expected: string[] = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ];
    expect(attrs.map((a) => a.AttributeName).sort()).toEqual([...new Set(expected)].sort());
    expect(attrs.every((a) => a.AttributeType === 'S')).toBe(true);
  });

  test('is on demand, with point-in-time recovery and the TTL attribute', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        }),
      ],
    });
  });

  test('streams every change with its old and new image (the live updates read them)', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  test('survives deleting the stack', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  test('has no fixed name', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: Match.absent() });
  });
});

describe('the attachments bucket', () => {
  test('blocks public access, is retained and refuses plain HTTP', () => {
    template.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({
        BucketName: Match.absent(),
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      }),
      DeletionPolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  test('keeps replaced and deleted files for 30 days, and logs access to its own log bucket', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: Match.anyValue(),
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
        ]),
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: Match.stringLikeRegexp('^AccessLogs') } },
    });
  });

  // Issue 13: an attachment upload never confirmed is not kept (decisions D44).
  test('expires unconfirmed attachment uploads after a day', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
    });
  });

  // Issue 19 item 9: what the browser uses and nothing more (avatars are uploaded through the API).
  test('lets only the site read with presigned GET links and upload with a presigned POST, no PUT', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayEquals(['GET', 'HEAD', 'POST']),
            AllowedHeaders: ['content-type'],
            ExposedHeaders: Match.absent(),
            AllowedOrigins: [
              {
                'Fn::Join': ['', ['https://', Match.objectLike({ 'Fn::GetStackOutput': Match.anyValue() })]],
              },
            ],
          }),
        ],
      },
    });
  });
});
