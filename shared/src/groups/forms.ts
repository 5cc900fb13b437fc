/**
 * The rules of the group and category forms, as zod schemas the web forms validate with before
 * anything is sent. A field is valid when the server's own input schema (createGroupInput,
 * createCategoryInput) accepts it, so the rule is the server's; only the message differs: a key of
 * the web's `validation` namespace (see user/forms.ts), said in the user's language.
 */
import * as z from 'zod';
import { FORM_MESSAGES } from '../user/forms.ts';
import { createCategoryInput } from './categories.ts';
import { createGroupInput } from './group.ts';

/**
 * A name checked by the server input schema's own name field: refused as too long when the server
 * says too big, otherwise (empty, spaces or invisible characters only) as required.
 */
export function nameAcceptedBy(field: z.ZodType) {
  return z.string().superRefine((v, ctx) => {
    const result = field.safeParse(v);
    if (result.success) return;
    const tooLong = result.error.issues.some((issue) => issue.code === 'too_big');
    ctx.addIssue({
      code: 'custom',
      message: tooLong ? FORM_MESSAGES.nameTooLong : FORM_MESSAGES.nameRequired,
    });
  });
}

/** The group form's typed fields (colour and icon come from pickers that offer only valid values). */
export const groupForm = z.object({
  title: nameAcceptedBy(createGroupInput.shape.title),
});

/** The category form's typed fields. */
export const categoryForm = z.object({
  title: nameAcceptedBy(createCategoryInput.shape.title),
});
