/** The agendas allow-list, alone: no schema library, so the user's settings call reads it cheaply. */
/**
 * Who may use agendas (spec 001 §2, 002 §2 and §6; issue 17 item 5): the AGENDA_ACCOUNTS setting of
 * the back end (e-mail addresses, or `@domain` for a whole domain, separated by commas or spaces).
 * Empty means everyone. Configuration, never code (docs/operations.md, D67).
 */
export function agendasAllowed(allowList: string | undefined, email: string | null | undefined): boolean {
  const entries = (allowList ?? '')
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const mail = (email ?? '').trim().toLowerCase();
  if (!mail) return false;
  const domain = mail.slice(mail.lastIndexOf('@'));
  return entries.some((e) => (e.startsWith('@') ? e === domain : e === mail));
}
