/**
 * The user pool's admin API, built once per container: cognito-local on this machine, the SDK default
 * in AWS. Used to read a user's sign-up attributes when provisioning was not finished at sign-up.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from './env.ts';
import { tagEngine } from './failures.ts';

const endpoint = env.cognitoEndpoint;
export const cognito = tagEngine(
  new CognitoIdentityProviderClient({
    region: env.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }),
  'Cognito',
);
