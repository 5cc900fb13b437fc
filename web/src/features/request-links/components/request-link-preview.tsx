/** The editor's live preview: the public page as the configuration draws it (decisions D68). */
import { Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequestLinkForm } from '../api/request-links.ts';
import '../../../i18n/with-later-texts.ts';

const Field = ({ label }: { label: string }) => (
  <Box>
    <Text size="sm" fw={600}>
      {label}
    </Text>
    <Box h={30} style={{ border: '1px solid #9ca3af', borderRadius: 6 }} />
  </Box>
);

export function RequestLinkPreview({ form, logo }: { form: RequestLinkForm; logo: string | null }) {
  const { t } = useTranslation('request-links');
  const b = form.brandingConfig;
  const c = form.requestConfig;
  return (
    <Paper withBorder p="md" bg="#f3f4f6" aria-label={t('editor.preview')} data-testid="request-link-preview">
      <Stack gap="sm" align="center">
        {logo && (
          <img
            src={logo}
            alt=""
            style={{
              maxHeight: 56,
              padding: 6,
              borderRadius: 6,
              background: b.logoBackgroundType === 'solid' ? b.logoBackgroundColor : 'transparent',
            }}
          />
        )}
        <Title order={2} fz="h3" style={{ color: b.primaryColor }}>
          {form.companyName || '—'}
        </Title>
        {form.welcomeMessage && (
          <Text ta="center" style={{ whiteSpace: 'pre-line' }}>
            {form.welcomeMessage}
          </Text>
        )}
      </Stack>
      <Paper p="md" mt="sm" radius="md">
        <Stack gap="xs">
          <Field label={t('previewForm.name')} />
          <Field label={t('previewForm.email')} />
          <Box>
            <Text size="sm" fw={600}>
              {t('previewForm.type')}
            </Text>
            <Text size="sm" c="dimmed">
              {[...c.requestTypes, ...(c.otherRequestTypeEnabled ? [t('previewForm.other')] : [])].join(
                ' · ',
              )}
            </Text>
          </Box>
          <Field label={t('previewForm.description')} />
          {c.voiceRecordingEnabled && (
            <Button
              variant="outline"
              size="xs"
              style={{ color: b.primaryColor, borderColor: b.primaryColor }}
            >
              {t('previewForm.voice')}
            </Button>
          )}
          {c.dueDateEnabled && <Field label={t('previewForm.dueDate')} />}
          {c.schedulingEnabled && (
            <Box>
              <Field label={t('previewForm.time')} />
              <Text size="xs" c="dimmed">
                {c.schedulingDurationOptions.map((o) => o.label).join(' · ')}
              </Text>
            </Box>
          )}
          {c.urgencyEnabled && <Field label={t('previewForm.urgency')} />}
          <Button style={{ background: b.primaryColor }}>{t('previewForm.send')}</Button>
        </Stack>
      </Paper>
    </Paper>
  );
}
