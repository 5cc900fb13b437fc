/** GET /task/normalization?user_timezone= (spec 001 §7): the day's normalisation for the caller. */
import { routes } from '@tandem/shared/api/routes';
import { api } from '../../../lib/api.ts';

export interface NormalisationResult {
  day: string;
  movedToNow: number;
  movedToScheduled: number;
  definitions: number;
  instances: number;
  reminded: boolean;
  /** The priority groups whose lists the run changed; empty when it changed none. */
  changed: number[];
}

export const normaliseDay = (userTimezone: string) =>
  api<NormalisationResult>(routes.normalize, { query: { userTimezone } });
