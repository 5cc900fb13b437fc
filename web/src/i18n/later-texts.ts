/**
 * The whole files of the namespaces the entry carries in part (index.ts LATER_KEYS), in a chunk of
 * their own: the texts only later pages show arrive with them (D65).
 */
import common from './locales/en_US/common.json';
import tasks from './locales/en_US/tasks.json';
import today from './locales/en_US/today.json';

export const laterTexts = { common, tasks, today };
