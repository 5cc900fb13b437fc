/** The request link screens' paths (spec 002 §2). */
export const requestLinksPath = '/request-links';
export const REQUEST_PORTAL_PATH = '/request-link-portal';
export const portalTaskPath = (taskId: string) => `${REQUEST_PORTAL_PATH}/task/${taskId}`;
