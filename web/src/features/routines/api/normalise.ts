/** GET /task/normalization?user_timezone= (spec 001 §7): the day's normalisation for the caller. */
import * as routes from '@tandem/shared/api/route-defs';
import type { NormalizationView } from '@tandem/shared/time/views';
import { api } from '../../../lib/api.ts';

export type NormalisationResult = NormalizationView;

export const normaliseDay = (userTimezone: string) =>
  api<NormalisationResult>(routes.normalize, { query: { userTimezone } });
