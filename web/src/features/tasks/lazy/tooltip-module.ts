// Loaded by LazyTooltip after the first content: Tooltip and floating-ui in a chunk of their own.
export { Tooltip } from '@mantine/core';
