/**
 * The name a chat shows for a person (a message's author, a viewer): their name trimmed, or the
 * fallback (the chat's "Someone") when it is empty or only spaces, as the server's `senderName()`
 * does for the notices it writes. A blank name would otherwise show as an empty label and avatar.
 */
export const shownName = (name: string | null | undefined, fallback: string): string =>
  name?.trim() || fallback;
