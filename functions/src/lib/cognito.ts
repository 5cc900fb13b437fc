/**
 * The user pool's admin API, built once per container: cognito-local on this machine, the SDK default
 * in AWS. Used to read a user's sign-up attributes when provisioning was not finished at sign-up.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from './env.ts';
import { ENGINE_HTTP_OPTIONS, tagEngine } from './failures.ts';

const endpoint = env.cognitoEndpoint;
export const cognito = tagEngine(
  new CognitoIdentityProviderClient({
    region: env.region,
    requestHandler: ENGINE_HTTP_OPTIONS,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }),
  'Cognito',
);
