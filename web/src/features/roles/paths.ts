/** The account roles screen's address (issue 16: a route under /templates). */
export const accountRolesPath = '/templates/roles';
