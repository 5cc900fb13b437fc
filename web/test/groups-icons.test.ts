import { GROUP_ICONS } from '@tandem/shared/groups/group';
import { describe, expect, it } from 'vitest';
import { GROUP_ICON_DRAWINGS, iconDrawing } from '../src/features/groups/components/group-icon.tsx';
import { filterIcons } from '../src/features/groups/components/icon-picker.tsx';

describe('group icons', () => {
  it('has a drawing for every named icon', () => {
    const missing = GROUP_ICONS.filter((name) => !GROUP_ICON_DRAWINGS[name]);
    expect(missing).toEqual([]);
  });

  it('maps no name the shared set does not have', () => {
    expect(Object.keys(GROUP_ICON_DRAWINGS).sort()).toEqual([...GROUP_ICONS].sort());
  });

  it('draws an unknown stored name as the default icon', () => {
    expect(iconDrawing('no-such-icon')).toBe(GROUP_ICON_DRAWINGS.star);
  });

  it('searches icon names with dashes read as spaces', () => {
    expect(filterIcons('device')).toEqual(['device-laptop', 'device-mobile', 'device-gamepad']);
    expect(filterIcons('  ')).toHaveLength(GROUP_ICONS.length);
    expect(filterIcons('zzz')).toEqual([]);
  });
});
