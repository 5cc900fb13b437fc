/** Today's level filter, Mantine's MultiSelect (Combobox, pills, a scroll area): loaded after the lists. */
import { MultiSelect, type MultiSelectProps } from '@mantine/core';

export function LevelsSelect(props: MultiSelectProps) {
  return <MultiSelect {...props} />;
}
