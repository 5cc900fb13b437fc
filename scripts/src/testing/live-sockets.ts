/**
 * For the two-person browser tests of live updates: waits until each person's page has its live socket
 * open and known to the server (a change made before that would not be heard). The socket connects
 * after the page's first content, so a signed-in page is not yet a listening one.
 */
export async function waitForLiveSockets(
  userIds: readonly string[],
  /** Exactly one socket each: a page left behind has closed its own. */
  { exactlyOne = false } = {},
): Promise<void> {
  const { connectionsOf } = await import('@tandem/functions/core/ws/connections');
  for (let i = 0; i < 300; i++) {
    const open = await connectionsOf([...userIds]);
    const counts = userIds.map((u) => open.get(u)?.length ?? 0);
    if (counts.every((n) => (exactlyOne ? n === 1 : n > 0))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`live sockets not open for ${userIds.join(', ')} after 30 s`);
}
