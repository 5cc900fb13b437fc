import { generateInput } from '@tandem/shared/ai/ai';
import * as routes from '@tandem/shared/api/areas/roles';
import { generateText } from '../../core/ai/generate.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** Public (spec 002 §7): bounded by generateInput and limited per IP by the gateway. */
export const handler = httpHandler({
  route: routes.generateAiPublic,
  body: generateInput,
  run: ({ body }) => generateText(body),
});
