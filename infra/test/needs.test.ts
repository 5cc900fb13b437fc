/**
 * Least privilege (docs/decisions.md D29): each function may do exactly what its declared needs
 * (@tandem/shared/api/needs) say, and the needs are exactly what its code reaches.
 */
import type { Need } from '@tandem/shared/api/needs';
import type { Stack } from 'aws-cdk-lib';
import { describe, expect, test } from 'vitest';
import {
  declaredNeeds,
  handlerModules,
  needsOfFixed,
  needsOfJob,
  needsOfRoute,
  needsOfWs,
  realManifest,
} from '../src/manifest.ts';
import { needsIn, scanNeeds } from '../src/needs-scan.ts';
import { buildTandem, firstRef, ofType, type Resources, resourcesOf } from './support.ts';

describe('declared needs match the code', () => {
  test('every handler declares exactly the services its bundle uses', async () => {
    const modules = handlerModules(realManifest);
    const found = await scanNeeds(modules);
    const declared = declaredNeeds(realManifest);
    expect(Object.keys(found).sort()).toEqual([...new Set(modules)].sort());
    for (const module of modules) {
      expect([...declared[module]!].sort(), `${module}: its needs in shared/src/api/needs.ts`).toEqual(
        [...found[module]!].sort(),
      );
    }
  }, 120_000);

  test.each<[string, string, Need[]]>([
    ['an ElectroDB read', 'await TaskEntity.get({ id }).go();', ['table:read']],
    [
      'an entity write',
      'await TaskEntity.get(k).go(); await TaskEntity2.patch(k).set(x).go();',
      ['table:read', 'table:write'],
    ],
    [
      'a write transaction',
      'await service.transaction.write((e) => [e.task.delete(k).commit()]).go();',
      ['table:read', 'table:write'],
    ],
    ['batched reads', 'await documentClient.send(new BatchGetCommand({}))', ['table:read']],
    [
      'batched writes',
      'for (const b of chunks(keys, MAX_BATCH_WRITE_ITEMS)) await E.delete(b).go();',
      ['table:read', 'table:batch-write'],
    ],
    ['a presigned GET', 'getSignedUrl(s3, new GetObjectCommand({ Bucket }))', ['bucket:read']],
    ['an upload', 'await s3.send(new PutObjectCommand2({ Bucket }))', ['bucket:write']],
    [
      'a copy (it reads its source)',
      'await s3.send(new CopyObjectCommand({ Bucket }))',
      ['bucket:read', 'bucket:write'],
    ],
    ['a delete', 'await s3.send(new DeleteObjectCommand({ Bucket }))', ['bucket:delete']],
    ['a mail', 'await ses.send(new SendEmailCommand({}))', ['mail']],
    ['a push', 'await api.send(new PostToConnectionCommand({}))', ['realtime']],
    ['a pool read', 'await cognito.send(new AdminGetUserCommand({}))', ['users']],
    ['the VAPID keys', 'await sm.send(new GetSecretValueCommand({ SecretId }))', ['push']],
    ['a Bedrock call', 'await bedrock.send(new ConverseCommand({ modelId }))', ['ai']],
    ['a sealed secret opened', 'await kms.send(new DecryptCommand({ KeyId }))', ['integrations-key']],
  ])('the scan sees %s', (_what, code, needs) => {
    expect(needsIn(code)).toEqual(needs);
  });

  test('an import line alone (code shaken out) is not a use', () => {
    const code = `import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { DeleteObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
const set = new Set(); set.delete(1);`;
    expect(needsIn(code)).toEqual([]);
  });
});

describe('grants follow the needs', () => {
  const tandem = buildTandem({
    settings: { mailFrom: 'Tandem <no-reply@example.com>', bedrockModel: 'amazon.nova-lite-v1:0' },
  });

  const TABLE_READ = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
  const TABLE_WRITE = [
    'dynamodb:ConditionCheckItem',
    'dynamodb:DeleteItem',
    'dynamodb:PutItem',
    'dynamodb:TransactWriteItems',
    'dynamodb:UpdateItem',
  ];

  /** The actions a set of needs should give, sorted. */
  function expectedActions(needs: readonly Need[]): string[] {
    const byNeed: Record<Need, string[]> = {
      'table:read': TABLE_READ,
      'table:write': TABLE_WRITE,
      'table:batch-write': ['dynamodb:BatchWriteItem'],
      'bucket:read': ['s3:GetObject'],
      'bucket:write': ['s3:PutObject'],
      'bucket:delete': ['s3:DeleteObject'],
      mail: ['ses:SendEmail', 'ses:SendRawEmail'],
      realtime: ['execute-api:ManageConnections'],
      users: ['cognito-idp:AdminGetUser'],
      push: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
      'avatars:read': ['s3:GetObject'],
      ai: ['bedrock:InvokeModel'],
      'integrations-key': ['kms:Decrypt', 'kms:GenerateDataKey'],
    };
    return [...new Set(needs.flatMap((n) => byNeed[n]))].sort();
  }

  /** Every action the function's role holds through inline policies (the managed one only writes logs). */
  function actionsOf(resources: Resources, fn: { Properties?: Record<string, unknown> }): string[] {
    const role = firstRef(fn.Properties?.Role)!;
    return (
      ofType(resources, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties?.Roles ?? []).includes(`"${role}"`))
        .flatMap(
          ([, p]) =>
            (p.Properties!.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement,
        )
        .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
        // Tracing, which every function has (its own test below).
        .filter((a) => !a.startsWith('xray:'))
        .sort()
    );
  }
  /** What Step Functions needs to log a run to CloudWatch Logs (they take no resource). */
  const STATE_MACHINE_LOGS = [
    'logs:CreateLogDelivery',
    'logs:DeleteLogDelivery',
    'logs:DescribeLogGroups',
    'logs:DescribeResourcePolicies',
    'logs:GetLogDelivery',
    'logs:ListLogDeliveries',
    'logs:PutResourcePolicy',
    'logs:UpdateLogDelivery',
  ];
  /** What Lambda needs to hand a failed asynchronous run to the dead-letter queue (jobs only). */
  const DEAD_LETTER = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];
  const withoutDeadLetter = (actions: string[]) => {
    for (const a of DEAD_LETTER) expect(actions).toContain(a);
    return actions.filter((a) => !DEAD_LETTER.includes(a));
  };
  /** What the event source mapping of a stream consumer needs: reading the table's stream. */
  const STREAM_READ = [
    'dynamodb:DescribeStream',
    'dynamodb:GetRecords',
    'dynamodb:GetShardIterator',
    'dynamodb:ListStreams',
  ];
  const withoutStreamReading = (actions: string[]) => {
    for (const a of STREAM_READ) expect(actions).toContain(a);
    return withoutDeadLetter(actions.filter((a) => !STREAM_READ.includes(a)));
  };

  function functionIn(stacks: Stack[], description: RegExp) {
    for (const stack of stacks) {
      const resources = resourcesOf(stack);
      const hit = ofType(resources, 'AWS::Lambda::Function').find(([, f]) =>
        description.test(String(f.Properties?.Description)),
      );
      if (hit) return { resources, fn: hit[1] };
    }
    throw new Error(`no function ${description}`);
  }
  const route = (id: string) => {
    const r = realManifest.routes[id]!;
    return functionIn(tandem.api.routeStacks, new RegExp(`\\(http/${r.handler}\\)$`));
  };
  const envOf = (fn: { Properties?: Record<string, unknown> }) =>
    Object.keys((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables);

  test('a read route only reads the table: GetItem, Query, BatchGetItem, and avatars to sign their links', () => {
    expect(needsOfRoute('listCategories')).toEqual(['table:read', 'avatars:read']);
    const { resources, fn } = route('listCategories');
    expect(actionsOf(resources, fn)).toEqual([...TABLE_READ, 's3:GetObject'].sort());
    // GetObject under avatars/ only (D48), not the other files of the bucket.
    const role = firstRef(fn.Properties?.Role)!;
    const s3Statements = ofType(resources, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties?.Roles ?? []).includes(`"${role}"`))
      .flatMap(
        ([, p]) => (p.Properties!.PolicyDocument as { Statement: Array<{ Action: unknown }> }).Statement,
      )
      .filter((s) => JSON.stringify(s.Action).includes('s3:'));
    expect(s3Statements).toHaveLength(1);
    expect(JSON.stringify(s3Statements[0])).toContain('/avatars/*');
    expect(envOf(fn)).toContain('TABLE_NAME');
    expect(envOf(fn)).toContain('ATTACHMENTS_BUCKET');
    expect(envOf(fn)).not.toContain('MAIL_FROM');
  });

  test('a write route gets the single-item and transaction writes, no batch writes and no Scan', () => {
    const { resources, fn } = route('createCategory');
    expect(actionsOf(resources, fn)).toEqual([...TABLE_READ, ...TABLE_WRITE, 's3:GetObject'].sort());
  });

  test('a public route gets the least of all: reads of the table only (and avatars, as every route)', () => {
    expect(realManifest.routes.getInvitationRequest!.auth).toBe('public');
    const { resources, fn } = route('getInvitationRequest');
    expect(actionsOf(resources, fn)).toEqual([...TABLE_READ, 's3:GetObject'].sort());
  });

  test('only the route that deletes attachments may delete them', () => {
    const get = route('getAvatar');
    expect(actionsOf(get.resources, get.fn).filter((a) => a.startsWith('s3:'))).toEqual(['s3:GetObject']);
    const del = route('deleteAvatar');
    // Deletes, and reads avatars only to sign links (D48).
    expect(actionsOf(del.resources, del.fn).filter((a) => a.startsWith('s3:'))).toEqual([
      's3:DeleteObject',
      's3:GetObject',
    ]);
  });

  test('the WebSocket pusher may post to connections and touches nothing else', () => {
    expect(needsOfWs('default')).toEqual(['realtime']);
    const { resources, fn } = functionIn([tandem.realtime], /\(ws\/default\)$/);
    expect(actionsOf(resources, fn)).toEqual(['execute-api:ManageConnections']);
    expect(envOf(fn)).not.toContain('TABLE_NAME');
    const authorizer = functionIn([tandem.realtime], /^Checks the Cognito access token/);
    expect(actionsOf(authorizer.resources, authorizer.fn)).toEqual([]);
  });

  test('the stream consumer reads the stream, rosters and connections, writes chat entries, posts to sockets, mails new assignees, sends queued pushes, deletes files of deleted tasks, and nothing else', () => {
    expect([...needsOfFixed('streams/live')].sort()).toEqual([
      'avatars:read',
      'bucket:delete',
      'mail',
      'push',
      'realtime',
      'table:batch-write',
      'table:read',
      'table:write',
    ]);
    const { resources, fn } = functionIn([tandem.realtime], /\(streams\/live\)$/);
    const actions = withoutStreamReading(actionsOf(resources, fn));
    expect(actions).toEqual(expectedActions(needsOfFixed('streams/live')));
    // The viewers' chat entries of a new message (streams/chat-events.ts), 25 a request.
    expect(actions).toContain('dynamodb:BatchWriteItem');
    expect(envOf(fn)).toEqual(expect.arrayContaining(['TABLE_NAME', 'WS_MANAGEMENT_ENDPOINT']));
  });

  test('a job gets the table and mail, and neither the bucket nor connections', () => {
    const { resources, fn } = functionIn([tandem.jobs], /\(jobs\/expire-subscriptions\)$/);
    const actions = withoutDeadLetter(actionsOf(resources, fn));
    expect(actions).toEqual(expectedActions(needsOfJob('expireTrials')));
    expect(actions).toEqual([...TABLE_READ, ...TABLE_WRITE, 'ses:SendEmail', 'ses:SendRawEmail'].sort());
  });

  test('a fanned-out job: the lister only reads, the worker writes and mails (pushes are queued); neither has dead letters', () => {
    const lister = functionIn([tandem.jobs], /\(jobs\/normalize-days\)$/);
    expect(actionsOf(lister.resources, lister.fn)).toEqual(TABLE_READ);
    const worker = functionIn([tandem.jobs], /\(jobs\/normalize-people\)$/);
    expect(actionsOf(worker.resources, worker.fn)).toEqual(
      [...TABLE_READ, ...TABLE_WRITE, 'ses:SendEmail', 'ses:SendRawEmail'].sort(),
    );
  });

  test('every API, WebSocket and job function holds exactly the grants of its needs', () => {
    const declared = declaredNeeds(realManifest);
    const fanOut = new Set(
      Object.values(realManifest.jobs).flatMap((j) =>
        j.fanOut ? [`jobs/${j.handler}`, `jobs/${j.fanOut.worker}`] : [],
      ),
    );
    const stacks = [...tandem.api.routeStacks, tandem.realtime, tandem.jobs];
    let checked = 0;
    for (const stack of stacks) {
      const resources = resourcesOf(stack);
      for (const [, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        const module = /\(((?:http|ws|jobs|streams)\/[^)]+)\)$/.exec(String(fn.Properties?.Description))?.[1];
        if (!module) continue;
        const actions = actionsOf(resources, fn);
        // A fanned-out job's functions are called by its state machine, not asynchronously.
        const granted =
          module.startsWith('jobs/') && !fanOut.has(module)
            ? withoutDeadLetter(actions)
            : module.startsWith('streams/')
              ? withoutStreamReading(actions)
              : actions;
        expect(granted, module).toEqual(expectedActions(declared[module]!));
        checked++;
      }
    }
    expect(checked).toBe(new Set(handlerModules(realManifest)).size - 3); // the triggers and the authorizer are not named by module
  });

  test('every function is traced, and only the trace actions are granted on every resource', () => {
    const stacks = [tandem.auth, ...tandem.api.routeStacks, tandem.realtime, tandem.jobs];
    for (const stack of stacks) {
      const resources = resourcesOf(stack);
      for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        if (String(fn.Properties?.Handler).startsWith('__entrypoint__')) continue;
        expect(fn.Properties?.TracingConfig, id).toEqual({ Mode: 'Active' });
      }
      for (const [id, p] of ofType(resources, 'AWS::IAM::Policy')) {
        const statements = (
          p.Properties!.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> }
        ).Statement;
        for (const s of statements.filter((st) => st.Resource === '*')) {
          const actions = [s.Action].flat().sort() as string[];
          // A state machine's role (D34): its log delivery and tracing, actions that take no resource.
          if (actions.includes('logs:CreateLogDelivery')) {
            expect(
              actions.every((a) => a.startsWith('xray:') || STATE_MACHINE_LOGS.includes(a)),
              id,
            ).toBe(true);
            continue;
          }
          expect(actions, id).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
        }
      }
    }
  });

  test('no function anywhere may Scan or use DynamoDB, S3 or SES wholesale', () => {
    const stacks = [tandem.auth, tandem.api, ...tandem.api.routeStacks, tandem.realtime, tandem.jobs];
    for (const stack of stacks) {
      const text = JSON.stringify(resourcesOf(stack));
      expect(text).not.toContain('dynamodb:Scan');
      expect(text).not.toMatch(/"(dynamodb|s3|ses):\*"/);
      expect(text).not.toContain('s3:DeleteObject*');
    }
  });
});
