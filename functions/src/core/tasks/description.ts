/**
 * The rich description of a task (D51): the document (Lexical JSON, checked and sanitised by
 * shared/src/editor before it gets here) is stored beside the plain description made from it.
 * Lists carry the plain text only; a single task's reads and writes carry the document too.
 */
import type { TaskView } from '@tandem/shared';

type StoredDescription = { description: string; descriptionDoc?: string };

/**
 * What an update does to the stored document: a new one (a string), none (null), or nothing
 * (undefined). A new plain text from a plain editor (the audio dialog, a quick task) drops the
 * document, which would say something else; the same plain text sent again keeps it.
 */
export const descriptionDocChange = (
  stored: StoredDescription,
  details: { description?: string; descriptionDoc?: string | null } | undefined,
): string | null | undefined =>
  details?.descriptionDoc !== undefined
    ? details.descriptionDoc
    : details?.description !== undefined && details.description !== stored.description
      ? null
      : undefined;

/** A task's view with its document (absent when the description is plain). */
export const withDescriptionDoc = <V extends Pick<TaskView, 'taskDetails'>>(
  view: V,
  stored: StoredDescription,
): V =>
  stored.descriptionDoc
    ? { ...view, taskDetails: { ...view.taskDetails, descriptionDoc: stored.descriptionDoc } }
    : view;
