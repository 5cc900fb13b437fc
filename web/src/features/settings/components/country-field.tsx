import { Select } from '@mantine/core';
import type { UserConfig } from '@tandem/shared/user/config';
import { countryOptions, isCountryCode } from '@tandem/shared/user/countries';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { updateUserConfig } from '../api/update-user-config.ts';

/**
 * The country (spec 000 §9: United States of America by default), saved as soon as it is picked.
 * About 250 names in the interface language, searchable by typing.
 */
export function CountryField({ config }: { config: UserConfig }) {
  const { t, i18n } = useTranslation(['common']);
  const data = useMemo(() => countryOptions(localeTag(i18n.language)), [i18n.language]);
  const [value, setValue] = useState<string>(config.country);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function change(country: string | null) {
    if (!country || country === value || !isCountryCode(country)) return;
    const previous = value;
    setValue(country);
    setError(undefined);
    setBusy(true);
    try {
      await updateUserConfig({ country });
      notifySuccess(
        t('settings.preferences.countrySaved', { country: data.find((o) => o.value === country)?.label }),
      );
    } catch (err) {
      setValue(previous);
      if (err instanceof ApiError) setError(err.errors.country);
      notifyError(t('settings.saveFailed'), errorText(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Select
      label={t('fields.country')}
      searchable
      allowDeselect={false}
      data={data}
      value={value}
      onChange={change}
      disabled={busy}
      error={error}
      nothingFoundMessage={t('settings.preferences.noCountry')}
      maxDropdownHeight={280}
      comboboxProps={{ keepMounted: false }}
      autoComplete="off"
    />
  );
}
