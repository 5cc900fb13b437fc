import { runtimeConfig } from '@tandem/shared/api/config';
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../src/lib/config.ts';

const local = {
  apiUrl: 'http://localhost:3000',
  wsUrl: 'ws://localhost:3000/ws',
  buildVersion: 'dev',
  cognito: {
    region: 'us-east-1',
    userPoolId: 'local_abc',
    clientId: 'client',
    endpoint: 'http://localhost:9229',
  },
};
const aws = {
  apiUrl: 'https://app.example.com',
  wsUrl: 'wss://app.example.com/ws',
  buildVersion: '42',
  cognito: {
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_X',
    clientId: 'c',
    domain: 'auth.example.com',
    providers: ['Google', 'LinkedIn'],
  },
};

describe('config.json reader agrees with the shared schema', () => {
  it.each([
    ['local', local],
    ['aws', aws],
    ['extra keys', { ...local, somethingElse: 1 }],
    ['a VAPID key', { ...aws, vapidPublicKey: 'BMaeJsiCyU6M5Kqr8w' }],
  ])('accepts %s like the schema does', (_name, raw) => {
    expect(parseRuntimeConfig(raw)).toEqual(runtimeConfig.parse(raw));
  });

  it.each([
    ['no cognito', { ...local, cognito: undefined }],
    ['numeric build', { ...local, buildVersion: 11 }],
    ['missing client', { ...local, cognito: { ...local.cognito, clientId: undefined } }],
    ['unknown provider', { ...aws, cognito: { ...aws.cognito, providers: ['Facebook'] } }],
    ['not an object', 'hello'],
    ['a numeric VAPID key', { ...local, vapidPublicKey: 4 }],
  ])('refuses %s like the schema does', (_name, raw) => {
    expect(() => runtimeConfig.parse(raw)).toThrow();
    expect(() => parseRuntimeConfig(raw)).toThrow();
  });
});
