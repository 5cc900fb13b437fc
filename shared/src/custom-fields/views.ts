/** What the custom-field calls answer (camelCase inside; snake_case on the wire). */
import type { CustomField, CustomValueMap, DataEntryRequired } from './rules.ts';

export interface CustomFieldDefinitionView {
  id: string;
  /** The task the fields belong to: a routine definition's fields apply to its every instance. */
  task: string;
  customField: CustomField[];
  dataEntryRequired: DataEntryRequired;
  allowDelegatedToEdit: boolean;
  /** Whether the caller may change the fields (the task's customFields action). */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CustomValueView {
  id: string;
  customField: string;
  /** The task the values are for (a routine instance, or the task itself). */
  task: string;
  /** The task whose fields they fill: the routine definition for an instance, else the task. */
  routineTask: string;
  user: string;
  userName: string;
  customValue: CustomValueMap;
  /** The day the values are for (YYYY-MM-DD): a routine instance's day, else the day entered. */
  actionDate: string;
  createdAt: string;
  updatedAt: string;
}

export interface CustomFieldTemplateView {
  id: string;
  title: string;
  type: 'custom_field';
  customField: CustomField[];
  dataEntryRequired: DataEntryRequired;
  allowDelegatedToEdit: boolean;
  createdAt: string;
}

/** Spec 002 §3: the task report, one point per value. */
export interface TaskReportPoint {
  id: string;
  startDate: string;
  customValue: CustomValueMap;
}

/** Spec 002 §3: the template report. */
export interface TemplateReport {
  meta: { totalInstances: number };
  templateName: string;
  fields: CustomField[];
  instances: Array<{
    instanceId: string;
    taskTitle: string;
    taskType: 'routine_instance' | 'task';
    userName: string;
    actionDate: string;
    fieldValues: Record<string, string>;
  }>;
}
