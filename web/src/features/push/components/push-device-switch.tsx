/**
 * "Push notifications on this device" (docs/realtime.md "Web Push"). Switching it on is the user
 * action the browser's permission prompt needs: it asks, subscribes with the deployment's VAPID key
 * and registers the subscription; switching off unsubscribes and forgets the device. Failures are
 * logged (spec 001 §8) and leave the switch off; a blocked permission says how to allow it.
 */
import { Stack, Switch, Text } from '@mantine/core';
import { base64UrlBytes } from '@tandem/shared/push/subscription';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../../lib/config.ts';
import { type DeviceToken, registerDevice, unregisterDevice } from '../api/push-subscription.ts';

type State = 'checking' | 'unsupported' | 'off' | 'on' | 'busy';

const supported = () =>
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  !!getConfig().vapidPublicKey;

/** A browser that cannot reach its push service may never answer subscribe(); the switch gives up. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;
const withTimeout = <T,>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('The push service did not answer')), ms),
    ),
  ]);

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

async function subscribe(): Promise<void> {
  const key = base64UrlBytes(getConfig().vapidPublicKey ?? '');
  if (!key) throw new Error('No VAPID public key in config.json');
  // Registered after the first paint; registering again returns the same one.
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const reg = await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await withTimeout(
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.slice().buffer }),
      SUBSCRIBE_TIMEOUT_MS,
    ));
  await registerDevice(sub.toJSON() as DeviceToken);
}

async function unsubscribe(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  const { endpoint } = sub;
  await sub.unsubscribe();
  await unregisterDevice(endpoint);
}

export function PushDeviceSwitch() {
  const { t } = useTranslation('common');
  const [state, setState] = useState<State>('checking');
  const [blocked, setBlocked] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!supported()) {
      setState('unsupported');
      return;
    }
    setBlocked(Notification.permission === 'denied');
    let live = true;
    currentSubscription()
      .then((sub) => live && setState(sub && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch((err: unknown) => {
        console.warn('Could not read the push subscription', err);
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setState('busy');
    setFailed(false);
    try {
      if (on) {
        const permission = await Notification.requestPermission();
        setBlocked(permission === 'denied');
        if (permission !== 'granted') {
          setState('off');
          return;
        }
        await subscribe();
        setState('on');
      } else {
        await unsubscribe();
        setState('off');
      }
    } catch (err) {
      console.warn('Push registration failed', err);
      setFailed(true);
      setState(on ? 'off' : 'on');
    }
  };

  if (state === 'unsupported')
    return (
      <Switch
        disabled
        label={t('push.label')}
        description={t('push.unsupported')}
        checked={false}
        onChange={() => {}}
      />
    );
  return (
    <Stack gap={4}>
      <Switch
        label={t('push.label')}
        description={t('push.description')}
        checked={state === 'on'}
        disabled={state === 'checking' || state === 'busy' || blocked}
        onChange={(e) => void toggle(e.currentTarget.checked)}
      />
      {blocked && (
        <Text size="sm" c="dimmed">
          {t('push.blocked')}
        </Text>
      )}
      {failed && (
        <Text size="sm" c="red" role="status">
          {t('push.failed')}
        </Text>
      )}
    </Stack>
  );
}
