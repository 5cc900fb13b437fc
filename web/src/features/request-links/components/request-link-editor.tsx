/**
 * The request link editor (spec 002 §2, §3): the whole configuration beside a live preview. A failed
 * save says what spec 002 §5 and §8 say (saveFailureMessage).
 */
import {
  ActionIcon,
  Button,
  ColorInput,
  Divider,
  FileButton,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  REQUEST_LINK_DEFAULTS,
  type RequestLinkView,
  saveFailureMessage,
} from '@tandem/shared/request-links/constants';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { failureOf, type RequestLinkForm, saveRequestLink, uploadLogo } from '../api/request-links.ts';
import { RequestLinkPreview } from './request-link-preview.tsx';
import '../../../i18n/with-later-texts.ts';

/** The sections of a link's configuration, each edited a field at a time. */
type Section = 'brandingConfig' | 'requestConfig' | 'confirmationConfig' | 'legalConfig';
/** The keys of T whose values are V. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

const D = REQUEST_LINK_DEFAULTS;

export const formOf = (l: RequestLinkView | null): RequestLinkForm =>
  l
    ? {
        companyName: l.companyName,
        welcomeMessage: l.welcomeMessage,
        partnerProgramId: l.partnerProgramId,
        brandingConfig: { ...l.brandingConfig },
        requestConfig: { ...l.requestConfig },
        confirmationConfig: { ...l.confirmationConfig },
        legalConfig: { ...l.legalConfig },
        assignees: l.assignees.map((a) => ({ ...a })),
        isActive: l.isActive,
      }
    : {
        companyName: '',
        welcomeMessage: D.welcomeMessage,
        partnerProgramId: null,
        brandingConfig: { ...D.brandingConfig },
        requestConfig: {
          ...D.requestConfig,
          schedulingDurationOptions: [...D.requestConfig.schedulingDurationOptions],
        },
        confirmationConfig: { ...D.confirmationConfig },
        legalConfig: { ...D.legalConfig },
        assignees: [],
        isActive: true,
      };

export function RequestLinkEditor({ link, onDone }: { link: RequestLinkView | null; onDone: () => void }) {
  const { t } = useTranslation('request-links');
  const [form, setForm] = useState<RequestLinkForm>(() => formOf(link));
  const [logo, setLogo] = useState<string | null>(link?.logo ?? null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof RequestLinkForm>(k: K, v: RequestLinkForm[K]) =>
    setForm((f) => ({ ...f, [k]: v }));
  const part = <K extends Section>(k: K, v: Partial<RequestLinkForm[K]>) =>
    setForm((f) => ({ ...f, [k]: { ...f[k], ...v } }));
  /** A switch's props for a yes/no field of one section of the configuration. */
  const toggle = <S extends Section>(s: S, key: KeysOf<RequestLinkForm[S], boolean>) => ({
    checked: form[s][key] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      part(s, { [key]: e.currentTarget.checked } as Partial<RequestLinkForm[S]>),
  });
  /** A text input's props for a text field of one section of the configuration. */
  const text = <S extends Section>(s: S, key: KeysOf<RequestLinkForm[S], string>) => ({
    value: form[s][key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      part(s, { [key]: e.currentTarget.value } as Partial<RequestLinkForm[S]>),
  });

  async function pickLogo(file: File | null) {
    if (!file) return;
    try {
      const uploadId = await uploadLogo(file);
      set('logoUpload', uploadId);
      setLogo(URL.createObjectURL(file));
    } catch (e) {
      notifyError(t('editor.logo'), e instanceof Error ? e.message : String(e));
    }
  }

  async function save() {
    setSaving(true);
    try {
      await saveRequestLink(link?.id ?? null, form);
      notifySuccess(t('saved'));
      onDone();
    } catch (e) {
      const f = failureOf(e);
      notifyError(t('editor.saveFailedTitle'), saveFailureMessage(f.status, f.body) ?? String(e));
    } finally {
      setSaving(false);
    }
  }

  const r = form.requestConfig;
  const b = form.brandingConfig;
  const l = form.legalConfig;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {link ? t('editor.titleEdit') : t('editor.titleNew')}
          </Title>
          <TextInput
            label={t('editor.company')}
            required
            value={form.companyName}
            onChange={(e) => set('companyName', e.currentTarget.value)}
          />
          <Textarea
            label={t('editor.welcome')}
            autosize
            minRows={2}
            value={form.welcomeMessage}
            onChange={(e) => set('welcomeMessage', e.currentTarget.value)}
          />
          <Group>
            <FileButton onChange={pickLogo} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button variant="default" {...props}>
                  {t('editor.logo')}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  set('logoUpload', null);
                  setLogo(null);
                }}
              >
                {t('editor.removeLogo')}
              </Button>
            )}
          </Group>
          <Divider label={t('editor.branding')} labelPosition="left" />
          <Group grow align="flex-end">
            <ColorInput
              label={t('editor.primaryColor')}
              value={b.primaryColor}
              onChange={(v) => part('brandingConfig', { primaryColor: v })}
            />
            <ColorInput
              label={t('editor.logoBackgroundColor')}
              value={b.logoBackgroundColor}
              disabled={b.logoBackgroundType !== 'solid'}
              onChange={(v) => part('brandingConfig', { logoBackgroundColor: v })}
            />
          </Group>
          <SegmentedControl
            aria-label={t('editor.logoBackground')}
            value={b.logoBackgroundType}
            onChange={(v) => part('brandingConfig', { logoBackgroundType: v as 'transparent' | 'solid' })}
            data={[
              { value: 'transparent', label: t('editor.transparent') },
              { value: 'solid', label: t('editor.solid') },
            ]}
          />
          <Divider label={t('editor.form')} labelPosition="left" />
          <TagsInput
            label={t('editor.requestTypes')}
            description={t('editor.requestTypesHint')}
            value={r.requestTypes}
            onChange={(v) => part('requestConfig', { requestTypes: v })}
          />
          <Group>
            <Switch label={t('editor.otherType')} {...toggle('requestConfig', 'otherRequestTypeEnabled')} />
            <Switch label={t('editor.voice')} {...toggle('requestConfig', 'voiceRecordingEnabled')} />
            <Switch label={t('editor.dueDate')} {...toggle('requestConfig', 'dueDateEnabled')} />
            <Switch label={t('editor.urgency')} {...toggle('requestConfig', 'urgencyEnabled')} />
            <Switch label={t('editor.scheduling')} {...toggle('requestConfig', 'schedulingEnabled')} />
          </Group>
          {r.schedulingEnabled && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('editor.durations')}
              </Text>
              {r.schedulingDurationOptions.map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: duration rows have no ids; their place is their identity
                <Group key={i} gap="xs">
                  <TextInput
                    aria-label={t('editor.durationLabel')}
                    value={o.label}
                    onChange={(e) => {
                      const next = [...r.schedulingDurationOptions];
                      next[i] = { ...o, label: e.currentTarget.value };
                      part('requestConfig', { schedulingDurationOptions: next });
                    }}
                  />
                  <NumberInput
                    aria-label={t('editor.durationMinutes')}
                    w={100}
                    min={5}
                    max={480}
                    value={o.minutes}
                    onChange={(v) => {
                      const next = [...r.schedulingDurationOptions];
                      next[i] = { ...o, minutes: Number(v) || 0 };
                      part('requestConfig', { schedulingDurationOptions: next });
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('editor.remove')}
                    onClick={() =>
                      part('requestConfig', {
                        schedulingDurationOptions: r.schedulingDurationOptions.filter((_, j) => j !== i),
                      })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="subtle"
                size="xs"
                w="fit-content"
                onClick={() =>
                  part('requestConfig', {
                    schedulingDurationOptions: [
                      ...r.schedulingDurationOptions,
                      { label: '45 Minutes', minutes: 45 },
                    ],
                  })
                }
              >
                {t('editor.addDuration')}
              </Button>
            </Stack>
          )}
          <Divider label={t('editor.confirmation')} labelPosition="left" />
          <TextInput
            label={t('editor.confirmationMessage')}
            {...text('confirmationConfig', 'confirmationMessage')}
          />
          <TextInput label={t('editor.nextSteps')} {...text('confirmationConfig', 'nextSteps')} />
          <TextInput
            label={t('editor.responseTime')}
            {...text('confirmationConfig', 'responseTimePromise')}
          />
          <TextInput label={t('editor.businessHours')} {...text('confirmationConfig', 'businessHours')} />
          <Divider label={t('editor.legal')} labelPosition="left" />
          <Switch label={t('editor.terms')} {...toggle('legalConfig', 'termsEnabled')} />
          {l.termsEnabled && <TextInput label={t('editor.termsUrl')} {...text('legalConfig', 'termsUrl')} />}
          <Switch label={t('editor.privacy')} {...toggle('legalConfig', 'privacyEnabled')} />
          {l.privacyEnabled && (
            <TextInput label={t('editor.privacyUrl')} {...text('legalConfig', 'privacyUrl')} />
          )}
          <Divider label={t('editor.assignees')} labelPosition="left" />
          <Text size="xs" c="dimmed">
            {t('editor.assigneesHint')}
          </Text>
          {form.assignees.map((a, i) => (
            <Group key={a.id ?? i} gap="xs" align="flex-end">
              <TextInput
                label={t('editor.assigneeEmail')}
                type="email"
                style={{ flex: 1 }}
                value={a.email}
                onChange={(e) => {
                  const next = [...form.assignees];
                  next[i] = { ...a, email: e.currentTarget.value };
                  set('assignees', next);
                }}
              />
              <Select
                label={t('editor.assigneeRole')}
                w={130}
                value={String(a.role)}
                allowDeselect={false}
                data={[
                  { value: '5', label: t('editor.roleStandard') },
                  { value: '6', label: t('editor.roleEditor') },
                ]}
                onChange={(v) => {
                  const next = [...form.assignees];
                  next[i] = { ...a, role: v === '6' ? 6 : 5 };
                  set('assignees', next);
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('editor.remove')}
                onClick={() =>
                  set(
                    'assignees',
                    form.assignees.filter((_, j) => j !== i),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            onClick={() => set('assignees', [...form.assignees, { email: '', role: 5 }])}
          >
            {t('editor.addAssignee')}
          </Button>
          <Switch
            label={t('editor.isActive')}
            checked={form.isActive}
            onChange={(e) => set('isActive', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('editor.cancel')}
            </Button>
            <Button onClick={save} loading={saving}>
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Text size="sm" fw={600} mb={4}>
          {t('editor.preview')}
        </Text>
        <RequestLinkPreview form={form} logo={logo} />
      </Grid.Col>
    </Grid>
  );
}
