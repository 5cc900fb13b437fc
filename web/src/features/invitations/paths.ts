/** The invitation screens' addresses (their own module: the router names them on every start). */
export const invitationPaths = {
  accept: '/accept-invite',
  success: '/accept-invite-success',
  error: '/accept-invite-error',
} as const;
