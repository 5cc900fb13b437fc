import { Box } from '@mantine/core';
import { DEFAULT_GROUP_COLOR } from '@tandem/shared/groups/group-constants';
import { inkOn } from '../utils/hex-color.ts';
import { GroupIcon } from './group-icon.tsx';

/** A group's colour and icon together: a disc of the colour with the icon drawn on it. Decorative. */
export function GroupMark({
  color,
  icon,
  size = 24,
}: {
  color: string | undefined;
  icon: string | undefined;
  size?: number;
}) {
  const bg = color || DEFAULT_GROUP_COLOR;
  return (
    <Box
      aria-hidden
      style={{
        width: size,
        height: size,
        minWidth: size,
        borderRadius: '50%',
        background: bg,
        color: inkOn(bg),
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <GroupIcon name={icon ?? 'star'} size={Math.round(size * 0.62)} stroke={2} />
    </Box>
  );
}
