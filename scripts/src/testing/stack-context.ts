/**
 * What the `stack` test project's globalSetup provides to every test file (`inject('stack')`):
 * the gateway URL and the environment the in-process handlers run with.
 */
export interface ProvidedStack {
  url: string;
  env: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack;
  }
}
