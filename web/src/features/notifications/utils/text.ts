import { CURRICULUM_CHANGES, type NotificationView } from '@tandem/shared/notifications/notifications';
import type { TFunction } from 'i18next';
import '../../../i18n/with-later-texts.ts';

/** The words of a notification, from its template and variables. */
export function notificationText(t: TFunction, n: NotificationView): string {
  const v = n.variables;
  const values = {
    // A missing or blank name reads "Someone", as in the mails and pushes (D85).
    by: String(v.byName ?? '').trim() || t('notifications.someone'),
    task: String(v.taskTitle ?? ''),
    group: String(v.groupTitle ?? ''),
    count: Number(v.count ?? 1),
    when: String(v.when ?? ''),
    curriculum: String(v.curriculumTitle ?? ''),
  };
  switch (n.templateName) {
    case 'delegated':
      // Taken off a curriculum (D83): its tasks stay theirs.
      if (v.change === CURRICULUM_CHANGES.removed) return t('notifications.text.curriculumRemoved', values);
      // Added to a curriculum (D85): its lessons are on their lists.
      if (v.change === CURRICULUM_CHANGES.added) return t('notifications.text.curriculumAdded', values);
      return t('notifications.text.delegated', values);
    case 'group.invitation':
      return t('notifications.text.groupInvitation', values);
    case 'due.today':
      return t('notifications.text.dueToday', values);
    case 'calendar':
      if (v.change === 'integration_broken') return t('notifications.text.calendarBroken', values);
      return v.change === 'moved'
        ? t('notifications.text.calendarMoved', values)
        : t('notifications.text.calendar', values);
    case 'new_message':
      return t('notifications.text.newMessage', values);
  }
}
