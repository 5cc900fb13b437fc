import { recentChatsQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { recentChats } from '../../core/chat/chat.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /chat?recent_messages=1440: the caller's chats with a message in the last N minutes. */
export const handler = httpHandler({
  route: routes.listRecentChats,
  query: recentChatsQuery,
  run: ({ actor, query }) => recentChats(actor, query.recentMessages),
});
