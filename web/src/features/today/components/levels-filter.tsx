/**
 * The level filter of My tasks. Its picker (Mantine's MultiSelect with its combobox and floating-ui)
 * loads after the first content, or when the field is pointed at or focused; until then a read-only
 * field of the same size shows the chosen levels.
 */
import { Input, type MultiSelectProps } from '@mantine/core';
import { deferred, useDeferred } from '../../tasks/lazy/deferred.ts';

const picker = deferred(() => import('./levels-select.tsx'));

export function LevelsFilter(props: MultiSelectProps & { 'aria-label': string }) {
  const mod = useDeferred(picker);
  if (mod) return <mod.LevelsSelect {...props} />;
  const start = () => void picker.load().catch(() => undefined);
  const chosen = (props.data as { value: string; label: string }[] | undefined)
    ?.filter((o) => props.value?.includes(o.value))
    .map((o) => o.label)
    .join(', ');
  return (
    <Input
      readOnly
      aria-label={props['aria-label']}
      placeholder={props.placeholder}
      value={chosen ?? ''}
      w={props.w}
      onPointerEnter={start}
      onFocus={start}
    />
  );
}
