/**
 * The user pool's admin API, built once per container: cognito-local on this machine, the SDK default
 * in AWS. Used to read a user's sign-up attributes when provisioning was not finished at sign-up, and
 * to change a sign-in address. Loaded on first use (docs/decisions.md D35): most calls never reach the
 * pool, and the SDK client is among the slowest modules to import on a cold start.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from './env.ts';
import { ENGINE_HTTP_OPTIONS, tagEngine } from './failures.ts';

let client: Promise<CognitoIdentityProviderClient> | undefined;

export function cognito(): Promise<CognitoIdentityProviderClient> {
  client ??= import('@aws-sdk/client-cognito-identity-provider').then(({ CognitoIdentityProviderClient }) => {
    const endpoint = env.cognitoEndpoint;
    return tagEngine(
      new CognitoIdentityProviderClient({
        region: env.region,
        requestHandler: ENGINE_HTTP_OPTIONS,
        ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      }),
      'Cognito',
    );
  });
  return client;
}
