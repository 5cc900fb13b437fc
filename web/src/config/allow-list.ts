/**
 * Internal accounts (spec 000 §6, 001 §2 and §6) see the Issues tab and the Agendas entry. The list is
 * the back end's configuration (INTERNAL_ACCOUNTS, docs/decisions.md D16), never part of the web
 * build: GET /user/config/ says whether the signed-in person is one of them.
 */
import type { UserConfigView } from '@tandem/shared/user/config';

/**
 * The Agendas entry follows its own allow-list (AGENDA_ACCOUNTS, empty: everyone; decisions D67): the
 * server says whether it lets the person in.
 */
export const agendasAllowed = (config: Pick<UserConfigView, 'agendasAllowed'> | undefined): boolean =>
  config?.agendasAllowed === true;

export const isInternalAccount = (config: Pick<UserConfigView, 'isInternalAccount'> | undefined): boolean =>
  config?.isInternalAccount === true;
