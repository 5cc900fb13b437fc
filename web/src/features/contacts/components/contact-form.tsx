/**
 * The contact create and edit form (spec 001 §2, §3, §5): names, job title, the company picker,
 * repeatable e-mails, phones and addresses (add and remove rows; blank ones are dropped on save;
 * label 'Work' by default), the primary group (the group named 'Private' for a new contact) and the
 * other groups. An e-mail another contact already has is pointed out as the person types.
 */
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ContactView } from '@tandem/shared/contacts/views';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../lib/validation.ts';
import { createContact, updateContact, useCompanyChoices, useContactSearch } from '../api/contacts.ts';
import { contactBody, contactFormErrors, valuesFromContact } from '../utils/contact-body.ts';
import {
  blankAddress,
  blankEmail,
  blankPhone,
  type ContactFormValues,
  displayName,
  emptyContactValues,
  type GroupChoice,
  LABELS,
} from '../utils/form.ts';
import { FormButtons, FormModal, GroupFields, useSave } from './form-parts.tsx';
import '../../../i18n/with-later-texts.ts';

export interface ContactFormProps {
  opened: boolean;
  onClose: () => void;
  /** The contact to edit; none to create one. */
  contact?: ContactView;
  groups: GroupChoice[];
  onSaved: (c: ContactView) => void;
  onOpenContact?: (id: string) => void;
}

export function ContactFormModal(props: ContactFormProps) {
  const { t } = useTranslation('contacts');
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      size="xl"
      title={t(props.contact ? 'form.editContact' : 'form.newContact')}
    >
      <ContactForm {...props} />
    </FormModal>
  );
}

/** The first e-mail of the form another contact has (the search call finds it). */
function useDuplicate(values: ContactFormValues, self: string | undefined) {
  const email = values.emails.map((e) => e.value.trim().toLowerCase()).find((v) => isEmail(v)) ?? '';
  const [q] = useDebouncedValue(email, 400);
  const { data } = useContactSearch(q);
  if (!q || q !== email) return null;
  return (
    data?.results.find((c) => c.id !== self && c.emails.some((e) => e.value.trim().toLowerCase() === q)) ??
    null
  );
}

function ContactForm({ onClose, contact, groups, onSaved, onOpenContact }: ContactFormProps) {
  const { t } = useTranslation('contacts');
  const companies = useCompanyChoices();
  const form = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues: contact ? valuesFromContact(contact) : emptyContactValues(groups),
    validate: (v) => {
      const errors = contactFormErrors(v);
      for (const k of Object.keys(errors))
        if (errors[k] === 'Enter a valid e-mail address.') errors[k] = t('errors.validEmail');
      return errors;
    },
  });
  const duplicate = useDuplicate(form.values, contact?.id);

  const companyData = [
    ...(companies.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];
  if (contact?.companyId && !companyData.some((c) => c.value === String(contact.companyId)))
    companyData.push({ value: String(contact.companyId), label: contact.companyName });
  const labelData = LABELS.map((l) => ({ value: l, label: t(`labels.${l}`) }));

  const { saving, run } = useSave({
    save: (v: ContactFormValues) =>
      contact ? updateContact(contact.id, contactBody(v, contact)) : createContact(contactBody(v)),
    savedMessage: t('form.contactSaved'),
    failTitle: t(contact ? 'errors.updateContact' : 'errors.createContact'),
    onSaved,
    onClose,
  });
  const submit = form.onSubmit(run);

  const rowHeader = (label: string, onAdd: () => void, addLabel: string) => (
    <Group justify="space-between" mt="sm">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Group>
  );
  const removeButton = (path: 'emails' | 'phones' | 'addresses', i: number, what: string) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`${t('actions.removeRow')} ${what} ${i + 1}`}
      onClick={() => form.removeListItem(path, i)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('form.firstName')} data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label={t('form.lastName')} {...form.getInputProps('lastName')} />
          <TextInput label={t('form.jobTitle')} {...form.getInputProps('title')} />
          <Select
            label={t('form.company')}
            placeholder={t('form.companyPlaceholder')}
            data={companyData}
            searchable
            clearable
            nothingFoundMessage="—"
            {...form.getInputProps('companyId')}
          />
        </SimpleGrid>

        {rowHeader(
          t('form.emails'),
          () => form.insertListItem('emails', blankEmail()),
          t('actions.addEmail'),
        )}
        {form.values.emails.map((row, i) => (
          <Group key={row.key ?? row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="email-row">
            <TextInput
              style={{ flex: 1 }}
              type="email"
              aria-label={`${t('form.email')} ${i + 1}`}
              placeholder={t('form.email')}
              {...form.getInputProps(`emails.${i}.value`)}
            />
            <Select
              w={120}
              aria-label={`${t('form.label')} ${i + 1}`}
              data={labelData}
              allowDeselect={false}
              {...form.getInputProps(`emails.${i}.label`)}
            />
            {removeButton('emails', i, t('form.email'))}
          </Group>
        ))}
        {form.errors.emails && (
          <Text c="red" size="xs">
            {form.errors.emails}
          </Text>
        )}
        {duplicate && (
          <Text size="sm" c="orange.8" data-testid="duplicate-hint">
            {t('form.duplicate', { name: displayName(duplicate) })}{' '}
            {onOpenContact && (
              <Anchor component="button" type="button" size="sm" onClick={() => onOpenContact(duplicate.id)}>
                {t('form.openDuplicate')}
              </Anchor>
            )}
          </Text>
        )}

        {rowHeader(
          t('form.phones'),
          () => form.insertListItem('phones', blankPhone()),
          t('actions.addPhone'),
        )}
        {form.values.phones.map((row, i) => (
          <Group key={row.key ?? row.id} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              type="tel"
              aria-label={`${t('form.phone')} ${i + 1}`}
              placeholder={t('form.phone')}
              {...form.getInputProps(`phones.${i}.value`)}
            />
            <Select
              w={120}
              aria-label={`${t('form.label')} ${t('form.phone')} ${i + 1}`}
              data={labelData}
              allowDeselect={false}
              {...form.getInputProps(`phones.${i}.label`)}
            />
            {removeButton('phones', i, t('form.phone'))}
          </Group>
        ))}
        {form.errors.phones && (
          <Text c="red" size="xs">
            {form.errors.phones}
          </Text>
        )}

        {rowHeader(
          t('form.addresses'),
          () => form.insertListItem('addresses', blankAddress()),
          t('actions.addAddress'),
        )}
        {form.values.addresses.map((row, i) => (
          <Group key={row.key ?? row.id} gap="xs" align="flex-start" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
              <TextInput label={t('form.street')} {...form.getInputProps(`addresses.${i}.street`)} />
              <TextInput label={t('form.city')} {...form.getInputProps(`addresses.${i}.city`)} />
              <TextInput label={t('form.state')} {...form.getInputProps(`addresses.${i}.state`)} />
              <TextInput label={t('form.zip')} {...form.getInputProps(`addresses.${i}.zip`)} />
              <TextInput label={t('form.country')} {...form.getInputProps(`addresses.${i}.country`)} />
              <Select
                label={t('form.label')}
                data={labelData}
                allowDeselect={false}
                {...form.getInputProps(`addresses.${i}.label`)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label={`${t('actions.removeRow')} ${t('form.street')} ${i + 1}`}
              onClick={() => form.removeListItem('addresses', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}

        <Divider my="xs" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <GroupFields
            groups={groups}
            primaryId={form.values.primaryGroupId}
            primary={form.getInputProps('primaryGroupId')}
            secondary={form.getInputProps('secondaryGroupIds')}
          />
        </SimpleGrid>
        {form.errors.firstName === undefined && form.errors.lastName && (
          <Text c="red" size="xs">
            {form.errors.lastName}
          </Text>
        )}

        <FormButtons onClose={onClose} saving={saving} />
      </Stack>
    </form>
  );
}
