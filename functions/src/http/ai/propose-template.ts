import { proposalInput } from '@tandem/shared/ai/ai';
import * as routes from '@tandem/shared/api/areas/roles';
import { proposeTemplate } from '../../core/ai/generate.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.proposeAiTemplate,
  body: proposalInput,
  run: ({ body }) => proposeTemplate(body.prompt),
});
