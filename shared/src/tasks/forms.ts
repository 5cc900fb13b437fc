/**
 * The rules of the calendar's quick task form (spec 000 §3 quick-task payload): a title and a group,
 * each checked by the server's own field of createTaskInput. Messages are keys of the web's
 * `validation` namespace (see user/forms.ts).
 */
import * as z from 'zod';
import { acceptedByServer, FORM_MESSAGES } from '../user/forms.ts';
import { createTaskInput } from './schemas.ts';

export const quickTaskForm = z.object({
  title: acceptedByServer(createTaskInput.shape.title, {
    required: FORM_MESSAGES.titleRequired,
    tooLong: FORM_MESSAGES.titleTooLong,
  }),
  group: acceptedByServer(createTaskInput.shape.group, { required: FORM_MESSAGES.groupRequired }),
});
