/**
 * Seeds, through the domain functions, one user with `tasks` tasks spread over `groups` groups (their
 * Private group included) and over the four choosable priority groups.
 */
export async function seedTasks(owner: { userId: string }, tasks: number, groups: number) {
  const { createGroup, listGroups } = await import('@tandem/functions/core/groups/groups');
  const { createTask } = await import('@tandem/functions/core/tasks/tasks');
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

/** Seeds `count` recurring tasks (daily, weekly, monthly in turn) with schedules in three zones. */
export async function seedRecurring(owner: { userId: string }, count: number) {
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const { createTask } = await import('@tandem/functions/core/tasks/tasks');
  const { setSchedule } = await import('@tandem/functions/core/schedules/schedules');
  const actor = { userId: owner.userId, username: owner.userId };
  const group = (await listGroups(actor)).results[0]!.id;
  const rules = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=MONTHLY;BYMONTHDAY=1,15'];
  const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
  const start = new Date(Date.now() + 86_400_000).toISOString();
  for (let i = 0; i < count; i++) {
    const { results } = await createTask(actor, {
      title: `Routine ${i + 1}`,
      group,
      details: { description: '', flag: 3 },
      mode: 'active',
      status: 1,
      level: 7,
      priorityGroup: 0,
      dueAt: null,
      taskPosition: 'bottom',
      parent: null,
      delegationType: 'SI',
      children: [],
    });
    await setSchedule(actor, results[0]!.id, {
      startDate: start,
      endDate: null,
      initialDate: null,
      allDay: false,
      flexibleTime: 4,
      recurRule: rules[i % rules.length]!,
      exDate: [],
      rDate: [],
      duration: 30,
      timezone: zones[i % zones.length]!,
      meetingTemplate: null,
      scheduledAttendees: [],
    });
  }
}
