/**
 * setupFiles of the `stack` project: points this worker's process.env at the shared stack before any
 * test file runs, so functions modules imported by tests (they read the environment on import) use
 * the same DynamoDB Local, s3rver and cognito-local as the gateway.
 */
import { inject } from 'vitest';
import '../src/testing/stack-context.ts';

Object.assign(process.env, inject('stack').env);
