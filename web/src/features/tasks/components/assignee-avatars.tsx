import { Avatar } from '@mantine/core';
import { avatarStack } from '@tandem/shared/tasks/rows';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import { LazyTooltip as Tooltip } from '../lazy/tooltip.tsx';

/** The assignees' avatars: the first two, then '+N' naming the others in its tooltip. */
export function AssigneeAvatars({ task }: { task: TaskView }) {
  const { t } = useTranslation('tasks');
  const people = task.taskAssignees;
  // The creator alone is everyone's own task: avatars say something once others share it.
  if (people.length === 0 || (people.length === 1 && people[0]!.user === task.user.id)) return null;
  const { shown, more } = avatarStack(people);
  const nameOf = (a: (typeof people)[number]) => a.assigneeName || a.email;
  const rest = people.slice(shown.length).map(nameOf).join(', ');
  return (
    <Avatar.Group spacing="xs" role="group" aria-label={t('rowActions.assignees', { title: task.title })}>
      {shown.map((a) => (
        <Tooltip key={a.user ?? a.email} label={nameOf(a)} withArrow openDelay={300}>
          <Avatar
            size={24}
            src={a.avatar}
            name={nameOf(a)}
            color="initials"
            alt={nameOf(a)}
            role="img"
            aria-label={nameOf(a)}
          />
        </Tooltip>
      ))}
      {more > 0 && (
        <Tooltip label={rest} withArrow openDelay={300}>
          <Avatar
            size={24}
            role="img"
            aria-label={t('rowActions.moreAssignees', { count: more, names: rest })}
          >
            +{more}
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}
