/**
 * A node's schedule in the viewer's edit panel (spec 002 §2 "edit … schedule"): the task form's
 * schedule fields (features/schedule), kept in the session until the plan is saved like every other
 * edit. Set keeps the fields' schedule on the node; Remove clears it.
 */
import '../i18n.ts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type PlanSchedule, planScheduleOf } from '@tandem/shared/planning/plan';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleDraftFields, type ScheduleDraftHandle } from '../../schedule/components/schedule-editor.tsx';
import { scheduleWhen } from './plan-card.tsx';

export function NodeSchedule({
  schedule,
  onChange,
}: {
  schedule: PlanSchedule | null;
  onChange: (s: PlanSchedule | null) => void;
}) {
  const { t } = useTranslation('planning');
  const [editing, setEditing] = useState(false);
  const draft = useRef<ScheduleDraftHandle>(null);
  const keep = () => {
    const r = draft.current?.prepare();
    if (!r?.ok || !r.body) return;
    onChange(planScheduleOf(r.body));
    setEditing(false);
  };
  return (
    <Stack gap="xs" role="group" aria-label={t('planning.schedule.heading')}>
      <Text size="sm" fw={500}>
        {t('planning.schedule.heading')}
      </Text>
      <Text size="xs" c="dimmed" data-testid="node-schedule-summary">
        {schedule ? scheduleWhen(schedule) : t('planning.schedule.none')}
      </Text>
      {editing ? (
        <>
          <ScheduleDraftFields
            saved={
              schedule
                ? {
                    ...schedule,
                    id: '',
                    initialDate: null,
                    endDate: null,
                    exDate: [],
                    rDate: [],
                    scheduledAttendees: [],
                  }
                : null
            }
            draftRef={draft}
          />
          <Group gap="xs">
            <Button size="xs" onClick={keep}>
              {t('planning.schedule.keep')}
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={() => setEditing(false)}>
              {t('planning.schedule.cancel')}
            </Button>
          </Group>
        </>
      ) : (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {schedule ? t('planning.schedule.change') : t('planning.schedule.set')}
          </Button>
          {schedule && (
            <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
              {t('planning.schedule.remove')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
