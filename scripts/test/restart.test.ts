/**
 * ARCHITECTURE §3: a restart on the same data folder keeps everything. A second stack of its own
 * (on disk, not in memory) is started, given a Cognito user, a table item and a mail, stopped, and
 * started again. Checked with the engines' own clients: this worker's functions modules already point
 * at the shared test stack.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { type Stack, startStack } from '../src/local/stack.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let dataDir: string;
let stack: Stack | undefined;

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('keeps users, items and mail across a restart on the same folder', { timeout: 120_000 }, async () => {
  const sharedStackEnv = { ...process.env };
  dataDir = await mkdtemp(path.join(tmpdir(), 'tandem-restart-'));
  const email = `restart-${randomUUID().slice(0, 8)}@example.com`;
  const pk = `TEST#${randomUUID()}`;

  stack = await startStack({ dataDir, port: 0, quiet: true });
  const first = stack;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: first.cognito.endpoint,
    region: 'us-east-1',
    credentials,
  });
  await cognito.send(
    new SignUpCommand({
      ClientId: first.cognito.clientId,
      Username: email,
      Password: 'Restart-pass-1',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(
    new AdminConfirmSignUpCommand({ UserPoolId: first.cognito.userPoolId, Username: email }),
  );
  const db = new DynamoDBClient({ endpoint: first.env.DYNAMODB_ENDPOINT, region: 'us-east-1', credentials });
  await db.send(
    new PutItemCommand({
      TableName: first.env.TABLE_NAME,
      Item: { pk: { S: pk }, sk: { S: 'x' }, n: { N: '42' } },
    }),
  );
  const mailsBefore = await first.mail.list({ to: email });
  expect(mailsBefore).toHaveLength(1); // the sign-up code
  await first.stop();
  cognito.destroy();
  db.destroy();
  expect(process.env.DYNAMODB_ENDPOINT).toBe(sharedStackEnv.DYNAMODB_ENDPOINT); // stop() gave the env back

  stack = await startStack({ dataDir, port: 0, quiet: true });
  const second = stack;
  expect(second.cognito.userPoolId).toBe(first.cognito.userPoolId);
  expect(second.cognito.clientId).toBe(first.cognito.clientId);

  const cognito2 = new CognitoIdentityProviderClient({
    endpoint: second.cognito.endpoint,
    region: 'us-east-1',
    credentials,
  });
  const auth = await cognito2.send(
    new InitiateAuthCommand({
      ClientId: second.cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Restart-pass-1' },
    }),
  );
  expect(auth.AuthenticationResult?.AccessToken).toBeTruthy();
  const db2 = new DynamoDBClient({
    endpoint: second.env.DYNAMODB_ENDPOINT,
    region: 'us-east-1',
    credentials,
  });
  const got = await db2.send(
    new GetItemCommand({ TableName: second.env.TABLE_NAME, Key: { pk: { S: pk }, sk: { S: 'x' } } }),
  );
  expect(got.Item?.n).toEqual({ N: '42' });
  expect(await second.mail.list({ to: email })).toEqual(mailsBefore);
  cognito2.destroy();
  db2.destroy();
});
