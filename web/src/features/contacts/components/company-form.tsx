/** The company create and edit form (spec 001 §3, §7 POST /contact/company): name, phones, address, groups. */
import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { CompanyView } from '@tandem/shared/contacts/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCompany, updateCompany } from '../api/contacts.ts';
import {
  type CompanyFormValues,
  companyBody,
  companyFormErrors,
  emptyCompanyValues,
  valuesFromCompany,
} from '../utils/contact-body.ts';
import { contactsErrorMessage } from '../utils/errors.ts';
import type { GroupChoice } from '../utils/form.ts';

export interface CompanyFormProps {
  opened: boolean;
  onClose: () => void;
  company?: CompanyView;
  groups: GroupChoice[];
  onSaved: (c: CompanyView) => void;
}

export function CompanyFormModal(props: CompanyFormProps) {
  const { t } = useTranslation('contacts');
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      fullScreen={narrow}
      closeOnClickOutside={false}
      title={<Text fw={600}>{t(props.company ? 'form.editCompany' : 'form.newCompany')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {props.opened && <CompanyForm {...props} />}
    </Modal>
  );
}

function CompanyForm({ onClose, company, groups, onSaved }: CompanyFormProps) {
  const { t } = useTranslation('contacts');
  const [saving, setSaving] = useState(false);
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: company ? valuesFromCompany(company) : emptyCompanyValues(groups),
    validate: companyFormErrors,
  });
  const groupData = groups.map((g) => ({ value: g.id, label: g.title }));
  const submit = form.onSubmit(async (v) => {
    setSaving(true);
    try {
      const saved = company
        ? await updateCompany(String(company.id), companyBody(v))
        : await createCompany(companyBody(v));
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t('form.companySaved'),
      });
      onSaved(saved);
      onClose();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t(company ? 'errors.updateCompany' : 'errors.createCompany'),
        message: contactsErrorMessage(err),
      });
    } finally {
      setSaving(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput label={t('form.companyName')} required data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="tel" label={t('form.companyPhone')} {...form.getInputProps('phone')} />
          <TextInput type="tel" label={t('form.cell')} {...form.getInputProps('cell')} />
          <TextInput label={t('form.address1')} {...form.getInputProps('address1')} />
          <TextInput label={t('form.address2')} {...form.getInputProps('address2')} />
          <TextInput label={t('form.city')} {...form.getInputProps('city')} />
          <TextInput label={t('form.state')} {...form.getInputProps('state')} />
          <TextInput label={t('form.zip')} {...form.getInputProps('zip')} />
          <TextInput label={t('form.country')} {...form.getInputProps('country')} />
          <Select
            label={t('form.primaryGroup')}
            data={groupData}
            allowDeselect={false}
            searchable
            {...form.getInputProps('primaryGroupId')}
          />
          <MultiSelect
            label={t('form.secondaryGroups')}
            data={groupData.filter((g) => g.value !== form.values.primaryGroupId)}
            searchable
            {...form.getInputProps('secondaryGroupIds')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
