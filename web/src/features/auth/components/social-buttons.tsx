import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandLinkedin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SocialProvider, socialProviders, startSocialSignIn } from '../../../lib/auth/social.ts';
import { loadedConfig } from '../../../lib/config.ts';

const icons: Record<SocialProvider, typeof IconBrandGoogle> = {
  Google: IconBrandGoogle,
  LinkedIn: IconBrandLinkedin,
};

/** Google and LinkedIn buttons, only when the hosted UI and providers are configured. */
export function SocialButtons({ next }: { next: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const config = loadedConfig();
  const providers = config ? socialProviders(config) : [];
  if (!config || providers.length === 0) return null;
  return (
    <Stack gap="sm" mt="lg">
      <Divider label={t('auth.login.or')} labelPosition="center" />
      {providers.map((p) => {
        const Icon = icons[p];
        return (
          <Button
            key={p}
            variant="default"
            leftSection={<Icon size={18} />}
            loading={busy === p}
            onClick={() => {
              setBusy(p);
              startSocialSignIn(config, p, next).catch(() => setBusy(null));
            }}
          >
            {t('auth.login.withProvider', { provider: p })}
          </Button>
        );
      })}
    </Stack>
  );
}
