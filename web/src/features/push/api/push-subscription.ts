import * as routes from '@tandem/shared/api/route-defs';
import { api } from '../../../lib/api.ts';

/** The browser's PushSubscription as JSON: what the server stores for this device. */
export interface DeviceToken {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export const registerDevice = (deviceToken: DeviceToken) =>
  api<unknown>(routes.registerPushSubscription, { body: { deviceType: 'web', deviceToken } });

/** Forgets this device by its endpoint. */
export const unregisterDevice = (endpoint: string) =>
  api<unknown>(routes.unregisterPushSubscription, { body: { deviceType: 'web', deviceToken: endpoint } });
