/**
 * Seeds, through the domain functions, one user with `tasks` tasks spread over `groups` groups (their
 * Private group included) and over the four choosable priority groups.
 */
export async function seedTasks(owner: { userId: string }, tasks: number, groups: number) {
  const { createGroup, listGroups } = await import('@tandem/functions/core/groups');
  const { createTask } = await import('@tandem/functions/core/tasks');
  const actor = { userId: owner.userId, username: owner.userId };
  for (let g = 1; g < groups; g++) {
    await createGroup(actor, {
      title: `Area ${g}`,
      description: '',
      metadata: { color: '#F2994A', icon: 'briefcase' },
    });
  }
  const groupIds = (await listGroups(actor)).results.map((g) => g.id);
  for (let i = 0; i < tasks; i++) {
    await createTask(actor, {
      title: `Task ${i + 1}`,
      group: groupIds[i % groupIds.length]!,
      details: { description: '', flag: 3 },
      mode: 'active',
      status: 1,
      level: 7,
      priorityGroup: i % 4,
      dueAt: null,
      taskPosition: 'bottom',
      parent: null,
      delegationType: 'SI',
      children: [],
    });
  }
}
