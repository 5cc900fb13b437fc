/**
 * AI onboarding (decisions D69): accepting the suggestions (ai-onboarding-suggest.ts) creates each group (createGroup, with its limits) and its first tasks
 * (createTask, on the person's Today list) as the person would one by one.
 */
import { DEFAULT_GROUP_COLOR, DEFAULT_GROUP_ICON } from '@tandem/shared/groups/group-constants';
import type { AcceptOnboardingInput } from '@tandem/shared/surveys/ai-onboarding';
import { DEFAULT_LEVEL, TASK_FLAG, TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { Actor } from '../../lib/actor.ts';
import { createGroup } from '../groups/groups.ts';
import { createTask } from '../tasks/tasks.ts';

export interface AcceptedGroup {
  id: string;
  title: string;
  tasks: Array<{ id: string; title: string }>;
}

/** Creates the groups in order, each with its tasks; a limit reached stops there (what was made stays). */
export async function acceptOnboarding(
  actor: Actor,
  input: AcceptOnboardingInput,
): Promise<{ groups: AcceptedGroup[] }> {
  const made: AcceptedGroup[] = [];
  for (const g of input.groups) {
    const group = await createGroup(actor, {
      title: g.title,
      description: '',
      metadata: { color: DEFAULT_GROUP_COLOR, icon: DEFAULT_GROUP_ICON },
    });
    const tasks: AcceptedGroup['tasks'] = [];
    for (const title of g.tasks) {
      const created = await createTask(
        actor,
        // The input POST /task would make of {title, group} (the accepted input is already bounded);
        // built here rather than parsed, which keeps the task schemas out of this bundle.
        {
          title,
          group: group.id,
          details: { description: '', flag: TASK_FLAG.normal },
          mode: 'active',
          status: TASK_STATUS.notStarted,
          level: DEFAULT_LEVEL,
          priorityGroup: 0,
          dueAt: null,
          taskPosition: 'bottom',
          parent: null,
          delegationType: 'SI',
          children: [],
        },
      );
      const first = created.results[0];
      if (first) tasks.push({ id: first.id, title: first.title });
    }
    made.push({ id: group.id, title: group.title, tasks });
  }
  return { groups: made };
}
