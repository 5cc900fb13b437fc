import {
  IconFile,
  IconFileMusic,
  IconFileText,
  IconMovie,
  IconPhoto,
  type IconProps,
} from '@tabler/icons-react';
import type { FileGroup } from '../utils/files.ts';

/** The icon of a type group (spec 000 §5). */
export function FileIcon({ group, ...props }: { group: FileGroup | 'video' | 'link' } & IconProps) {
  const Icon =
    group === 'image'
      ? IconPhoto
      : group === 'audio'
        ? IconFileMusic
        : group === 'document'
          ? IconFileText
          : group === 'video'
            ? IconMovie
            : IconFile;
  return <Icon aria-hidden {...props} />;
}
