/** An error written for the person running `npm start`: printed as its message alone, no stack trace. */
export class EngineError extends Error {
  override name = 'EngineError';
}
