/**
 * Mantine's Tooltip once its module (and floating-ui behind it) has loaded after the first content;
 * until then the element alone, the same element the tooltip wraps. Pointing at or focusing it starts
 * the load at once.
 */
import type { TooltipProps } from '@mantine/core';
import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { deferred, useDeferred } from './deferred.ts';

const tooltipModule = deferred(() => import('./tooltip-module.ts'));

type ChildProps = {
  onPointerEnter?: (e: PointerEvent) => void;
  onFocus?: (e: FocusEvent) => void;
};

export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<ChildProps> }) {
  const mod = useDeferred(tooltipModule);
  if (mod) return <mod.Tooltip {...props}>{children}</mod.Tooltip>;
  const start = () => void tooltipModule.load().catch(() => undefined);
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent) => {
      start();
      children.props.onPointerEnter?.(e);
    },
    onFocus: (e: FocusEvent) => {
      start();
      children.props.onFocus?.(e);
    },
  });
}
