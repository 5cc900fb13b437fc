import * as routes from '@tandem/shared/api/route-defs';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, setAvatar } from '../../core/user/avatar.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';
import { readSingleFile } from '../../lib/multipart.ts';

export const handler = httpHandler({
  route: routes.createAvatar,
  rawBody: true,
  run: async ({ actor, event }) => {
    const file = await readSingleFile(event, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE);
    return respond(201, await setAvatar(actor, file.data));
  },
});
