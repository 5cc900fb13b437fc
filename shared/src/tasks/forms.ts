/**
 * The rules of the task forms (spec 000 §3 quick-task payload, §2 Task form): a title and a group,
 * each checked by the server's own field of createTaskInput (updateTaskInput's title is the same
 * field). Messages are keys of the web's `validation` namespace (see user/forms.ts).
 */
import * as z from 'zod/mini';
import { acceptedByServer, FORM_MESSAGES } from '../user/forms.ts';
import { createTaskInput } from './schemas.ts';

/** The calendar's quick task. */
export const quickTaskForm = z.object({
  title: acceptedByServer(createTaskInput.shape.title, {
    required: FORM_MESSAGES.titleRequired,
    tooLong: FORM_MESSAGES.titleTooLong,
  }),
  group: acceptedByServer(createTaskInput.shape.group, { required: FORM_MESSAGES.groupRequired }),
});

/**
 * The task form (new and existing tasks): the same two fields, checked before anything is sent.
 * Its other fields are chosen from lists the server accepts; who is assigned is checked by the web
 * form, which holds the delegation draft.
 */
export const taskForm = quickTaskForm;
