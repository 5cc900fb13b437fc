/**
 * Mantine's Tooltip (and floating-ui behind it), loaded after the first content; until the element is
 * pointed at with a mouse, the element alone, the same element the tooltip wraps. Pointing at it
 * draws the tooltip around it (D89), which opens as the pointer moves on; a page of rows does not
 * draw every row's tooltips again when the code arrives. The tooltips open on hover only (Mantine's
 * default events), so nothing is lost before then. Focusing the element starts the load.
 */
import type { TooltipProps } from '@mantine/core';
import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement, useState } from 'react';
import { deferred, useDeferredWhen } from './deferred.ts';

const tooltipModule = deferred(() => import('./tooltip-module.ts'));

type ChildProps = {
  autoFocus?: boolean;
  onPointerEnter?: (e: PointerEvent) => void;
  onFocus?: (e: FocusEvent) => void;
};

export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<ChildProps> }) {
  // Pointed at; and whether the element had the keyboard's focus then (the tooltip's is drawn anew).
  const [pointed, setPointed] = useState<{ focused: boolean } | null>(null);
  const mod = useDeferredWhen(tooltipModule, pointed !== null);
  if (mod)
    return (
      <mod.Tooltip {...props}>
        {pointed?.focused ? cloneElement(children, { autoFocus: true }) : children}
      </mod.Tooltip>
    );
  const start = () => void tooltipModule.load().catch(() => undefined);
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') {
        const focused = e.currentTarget === document.activeElement;
        setPointed((was) => was ?? { focused });
      }
      start();
      children.props.onPointerEnter?.(e);
    },
    onFocus: (e: FocusEvent) => {
      start();
      children.props.onFocus?.(e);
    },
  });
}
