/**
 * The request link editor (spec 002 §2, §3): the whole configuration beside a live preview. A failed
 * save says what spec 002 §5 and §8 say (saveFailureMessage).
 */
import {
  ActionIcon,
  Button,
  Chip,
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
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { type RequestLinkView, saveFailureMessage } from '@tandem/shared/request-links/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { failureOf, type RequestLinkForm, saveRequestLink, uploadLogo } from '../api/request-links.ts';
import { defaultHours, formErrorsOf, formOf, groupChoices, validateLinkForm } from '../utils/editor-form.ts';
import { RequestLinkPreview } from './request-link-preview.tsx';
import '../../../i18n/with-later-texts.ts';

/** The sections of a link's configuration, each edited a field at a time. */
type Section = 'brandingConfig' | 'requestConfig' | 'confirmationConfig' | 'legalConfig';
/** The keys of T whose values are V. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function RequestLinkEditor({ link, onDone }: { link: RequestLinkView | null; onDone: () => void }) {
  const { t } = useTranslation('request-links');
  // One form: the values the API takes, checked by the server's own schema before a save (D76).
  const form = useForm<RequestLinkForm>({ initialValues: formOf(link), validate: validateLinkForm });
  const { data: groupList } = useGroups();
  const groups = groupChoices(groupList?.results ?? [], form.values.group);
  const [logo, setLogo] = useState<string | null>(link?.logo ?? null);
  const [saving, setSaving] = useState(false);
  /** A switch's props for a yes/no field of one section of the configuration. */
  const toggle = <S extends Section>(s: S, key: KeysOf<RequestLinkForm[S], boolean> & string) =>
    form.getInputProps(`${s}.${key}`, { type: 'checkbox' });
  /** A text input's props for a text field of one section of the configuration. */
  const text = <S extends Section>(s: S, key: KeysOf<RequestLinkForm[S], string> & string) =>
    form.getInputProps(`${s}.${key}`);

  async function pickLogo(file: File | null) {
    if (!file) return;
    try {
      const uploadId = await uploadLogo(file);
      form.setFieldValue('logoUpload', uploadId);
      setLogo(URL.createObjectURL(file));
    } catch (e) {
      notifyError(t('editor.logo'), e instanceof Error ? e.message : String(e));
    }
  }

  async function save(values: RequestLinkForm) {
    setSaving(true);
    try {
      await saveRequestLink(link?.id ?? null, values);
      notifySuccess(t('saved'));
      onDone();
    } catch (e) {
      const f = failureOf(e);
      // The server's field errors under their fields too (the toast keeps spec 002 §5's words).
      if (e instanceof ApiError) form.setErrors(formErrorsOf(e.errors));
      notifyError(t('editor.saveFailedTitle'), saveFailureMessage(f.status, f.body) ?? String(e));
    } finally {
      setSaving(false);
    }
  }

  const r = form.values.requestConfig;
  const b = form.values.brandingConfig;
  const l = form.values.legalConfig;
  const hours = r.schedulingHours;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form
          onSubmit={form.onSubmit(save)}
          noValidate
          aria-label={link ? t('editor.titleEdit') : t('editor.titleNew')}
        >
          <Stack gap="sm">
            <Title order={2} fz="h3">
              {link ? t('editor.titleEdit') : t('editor.titleNew')}
            </Title>
            <TextInput label={t('editor.company')} required {...form.getInputProps('companyName')} />
            <Textarea
              label={t('editor.welcome')}
              autosize
              minRows={2}
              {...form.getInputProps('welcomeMessage')}
            />
            <Select
              label={t('editor.group')}
              description={t('editor.groupHint')}
              placeholder={t('editor.defaultGroup')}
              data={groups}
              clearable
              searchable
              {...form.getInputProps('group')}
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
                    form.setFieldValue('logoUpload', null);
                    setLogo(null);
                  }}
                >
                  {t('editor.removeLogo')}
                </Button>
              )}
            </Group>
            <Divider label={t('editor.branding')} labelPosition="left" />
            <Group grow align="flex-end">
              <ColorInput label={t('editor.primaryColor')} {...text('brandingConfig', 'primaryColor')} />
              <ColorInput
                label={t('editor.logoBackgroundColor')}
                disabled={b.logoBackgroundType !== 'solid'}
                {...text('brandingConfig', 'logoBackgroundColor')}
              />
            </Group>
            <SegmentedControl
              aria-label={t('editor.logoBackground')}
              {...form.getInputProps('brandingConfig.logoBackgroundType')}
              data={[
                { value: 'transparent', label: t('editor.transparent') },
                { value: 'solid', label: t('editor.solid') },
              ]}
            />
            <Divider label={t('editor.form')} labelPosition="left" />
            <TagsInput
              label={t('editor.requestTypes')}
              description={t('editor.requestTypesHint')}
              {...form.getInputProps('requestConfig.requestTypes')}
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
                {r.schedulingDurationOptions.map((_o, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: duration rows have no ids; their place is their identity
                  <Group key={i} gap="xs">
                    <TextInput
                      aria-label={t('editor.durationLabel')}
                      {...form.getInputProps(`requestConfig.schedulingDurationOptions.${i}.label`)}
                    />
                    <NumberInput
                      aria-label={t('editor.durationMinutes')}
                      w={100}
                      min={5}
                      max={480}
                      {...form.getInputProps(`requestConfig.schedulingDurationOptions.${i}.minutes`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('editor.remove')}
                      onClick={() => form.removeListItem('requestConfig.schedulingDurationOptions', i)}
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
                    form.insertListItem('requestConfig.schedulingDurationOptions', {
                      label: '45 Minutes',
                      minutes: 45,
                    })
                  }
                >
                  {t('editor.addDuration')}
                </Button>
                <Switch
                  label={t('editor.hours')}
                  checked={hours != null}
                  onChange={(e) =>
                    form.setFieldValue(
                      'requestConfig.schedulingHours',
                      e.currentTarget.checked ? defaultHours(browserZone()) : null,
                    )
                  }
                />
                {hours && (
                  <Stack gap={4} data-testid="request-link-hours">
                    <Chip.Group
                      multiple
                      value={hours.days.map(String)}
                      onChange={(v) =>
                        form.setFieldValue(
                          'requestConfig.schedulingHours.days',
                          v.map(Number).sort((a, c) => a - c),
                        )
                      }
                    >
                      <Group gap={4} role="group" aria-label={t('editor.hoursDays')}>
                        {DAYS.map((d) => (
                          <Chip key={d} value={String(d)} size="xs">
                            {t(`editor.day${d}`)}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                    {form.errors['requestConfig.schedulingHours.days'] && (
                      <Text size="xs" c="red.8">
                        {form.errors['requestConfig.schedulingHours.days']}
                      </Text>
                    )}
                    <Group gap="xs" align="flex-start">
                      <TextInput
                        type="time"
                        label={t('editor.hoursStart')}
                        {...form.getInputProps('requestConfig.schedulingHours.start')}
                      />
                      <TextInput
                        type="time"
                        label={t('editor.hoursEnd')}
                        {...form.getInputProps('requestConfig.schedulingHours.end')}
                      />
                      <TextInput
                        label={t('editor.hoursZone')}
                        {...form.getInputProps('requestConfig.schedulingHours.timezone')}
                      />
                    </Group>
                  </Stack>
                )}
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
            {l.termsEnabled && (
              <TextInput label={t('editor.termsUrl')} {...text('legalConfig', 'termsUrl')} />
            )}
            <Switch label={t('editor.privacy')} {...toggle('legalConfig', 'privacyEnabled')} />
            {l.privacyEnabled && (
              <TextInput label={t('editor.privacyUrl')} {...text('legalConfig', 'privacyUrl')} />
            )}
            <Divider label={t('editor.assignees')} labelPosition="left" />
            <Text size="xs" c="dimmed">
              {t('editor.assigneesHint')}
            </Text>
            {form.values.assignees.map((a, i) => (
              <Group key={a.id ?? i} gap="xs" align="flex-start">
                <TextInput
                  label={t('editor.assigneeEmail')}
                  type="email"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`assignees.${i}.email`)}
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
                  onChange={(v) => form.setFieldValue(`assignees.${i}.role`, v === '6' ? 6 : 5)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t('editor.remove')}
                  onClick={() => form.removeListItem('assignees', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              onClick={() => form.insertListItem('assignees', { email: '', role: 5 })}
            >
              {t('editor.addAssignee')}
            </Button>
            <Switch label={t('editor.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onDone}>
                {t('editor.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('editor.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Text size="sm" fw={600} mb={4}>
          {t('editor.preview')}
        </Text>
        <RequestLinkPreview form={form.values} logo={logo} />
      </Grid.Col>
    </Grid>
  );
}
