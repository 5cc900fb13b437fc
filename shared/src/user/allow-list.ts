/**
 * Internal accounts (spec 000 §6, 001 §2 and §6): the Issues tab (priority group 8), the Agendas entry
 * and the Subtask-versus-Issue switch are for a list of internal accounts. The list is configuration
 * (the INTERNAL_ACCOUNTS setting of the back end: e-mail addresses separated by commas or spaces),
 * never code; the web learns the answer for the signed-in person from GET /user/config/.
 */
export function parseAllowList(value: string | undefined): ReadonlySet<string> {
  return new Set(
    (value ?? '')
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

export const isInternalAccount = (allowList: ReadonlySet<string>, email: string | null | undefined) =>
  !!email && allowList.has(email.trim().toLowerCase());
