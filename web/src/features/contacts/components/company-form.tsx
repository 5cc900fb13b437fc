/** The company create and edit form (spec 001 §3, §7 POST /contact/company): name, phones, address, groups. */
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CompanyView } from '@tandem/shared/contacts/views';
import { useTranslation } from 'react-i18next';
import { createCompany, updateCompany } from '../api/contacts.ts';
import {
  type CompanyFormValues,
  companyBody,
  companyFormErrors,
  emptyCompanyValues,
  valuesFromCompany,
} from '../utils/contact-body.ts';
import type { GroupChoice } from '../utils/form.ts';
import { FormButtons, FormModal, GroupFields, useSave } from './form-parts.tsx';
import '../../../i18n/with-later-texts.ts';

export interface CompanyFormProps {
  opened: boolean;
  onClose: () => void;
  company?: CompanyView;
  groups: GroupChoice[];
  onSaved: (c: CompanyView) => void;
}

export function CompanyFormModal(props: CompanyFormProps) {
  const { t } = useTranslation('contacts');
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      title={t(props.company ? 'form.editCompany' : 'form.newCompany')}
    >
      <CompanyForm {...props} />
    </FormModal>
  );
}

function CompanyForm({ onClose, company, groups, onSaved }: CompanyFormProps) {
  const { t } = useTranslation('contacts');
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: company ? valuesFromCompany(company) : emptyCompanyValues(groups),
    validate: companyFormErrors,
  });
  const { saving, run } = useSave({
    save: (v: CompanyFormValues) =>
      company ? updateCompany(String(company.id), companyBody(v)) : createCompany(companyBody(v)),
    savedMessage: t('form.companySaved'),
    failTitle: t(company ? 'errors.updateCompany' : 'errors.createCompany'),
    onSaved,
    onClose,
  });
  const submit = form.onSubmit(run);
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
          <GroupFields
            groups={groups}
            primaryId={form.values.primaryGroupId}
            primary={form.getInputProps('primaryGroupId')}
            secondary={form.getInputProps('secondaryGroupIds')}
          />
        </SimpleGrid>
        <FormButtons onClose={onClose} saving={saving} />
      </Stack>
    </form>
  );
}
