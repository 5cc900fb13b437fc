/**
 * The level filter of My tasks. Its picker (Mantine's MultiSelect with its combobox and floating-ui)
 * loads after the first content, but is drawn only once the field is in use (D92, as the row menus,
 * D89): until then a read-only field of the same size and chevron shows the chosen levels, so the
 * picker's arrival draws nothing. A mouse pointing at the field draws the picker at once
 * (`flushSync`), so the press that follows lands on it; the keyboard reaching the field draws it and
 * hands it the focus; a touch, or a press before the code was here, opens it as soon as it is drawn.
 */
import { ComboboxChevron, Input, type MultiSelectProps } from '@mantine/core';
import { type FocusEvent, type PointerEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { deferred, useDeferredWhen } from '../../tasks/lazy/deferred.ts';

const picker = deferred(() => import('./levels-select.tsx'));

export function LevelsFilter(props: MultiSelectProps & { 'aria-label': string }) {
  const [inUse, setInUse] = useState(false);
  const [pressed, setPressed] = useState(false);
  const standIn = useRef<HTMLInputElement | null>(null);
  const mod = useDeferredWhen(picker, inUse);
  // Read while the stand-in is still on the page (this render replaces it).
  const takeFocus =
    mod !== null && (pressed || (standIn.current !== null && standIn.current === document.activeElement));
  if (mod) return <mod.LevelsSelect {...props} autoFocus={takeFocus} defaultDropdownOpened={pressed} />;
  const start = () => void picker.load().catch(() => undefined);
  const use = () => {
    setInUse(true);
    start();
  };
  const chosen = (props.data as { value: string; label: string }[] | undefined)
    ?.filter((o) => props.value?.includes(o.value))
    .map((o) => o.label)
    .join(', ');
  return (
    <Input
      ref={standIn}
      readOnly
      pointer
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={props['aria-label']}
      placeholder={props.placeholder}
      value={chosen ?? ''}
      w={props.w}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      onPointerEnter={(e: PointerEvent<HTMLInputElement>) => {
        if (e.pointerType !== 'mouse') start();
        else if (picker.get()) flushSync(use);
        else use();
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) =>
        e.currentTarget.matches(':focus-visible') ? use() : start()
      }
      onClick={() => {
        setPressed(true);
        use();
      }}
    />
  );
}
