/** GET /task/normalization?user_timezone= (spec 001 §7): the day's normalisation for the caller. */
import { routes } from '@tandem/shared/api/routes';
import type { NormalizationView } from '@tandem/shared/time/views';
import { api } from '../../../lib/api.ts';

export type NormalisationResult = NormalizationView;

export const normaliseDay = (userTimezone: string) =>
  api<NormalisationResult>(routes.normalize, { query: { userTimezone } });
