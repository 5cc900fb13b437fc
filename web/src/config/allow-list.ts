/**
 * Internal accounts that see the Agendas entry (spec 001 §2: "only for a hard-coded allow-list of
 * internal accounts"). Empty: nobody sees it until accounts are named here.
 */
export const AGENDA_ALLOW_LIST: readonly string[] = [];

export const canSeeAgendas = (email: string | undefined): boolean =>
  !!email && AGENDA_ALLOW_LIST.includes(email.trim().toLowerCase());
