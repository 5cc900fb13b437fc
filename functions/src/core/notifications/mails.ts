/**
 * E-mails of notifications that had none before this path (decisions D39). The older ones keep
 * their texts where they were written (the reminder in schedules/normalization.ts, invitations in
 * groups/invitations.ts and tasks/task-delegation.ts) and reach tell() as its `mail`.
 */

import { env } from '../../lib/env.ts';
import type { Mail } from '../../lib/mailer.ts';
import { senderName } from '../access/roster.ts';
import type { TaskRecord } from '../access/task-access.ts';
import type { UserRecord } from '../access/users.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** To a person a task was given to (assigned in the app, not invited by e-mail). */
export function delegatedMail(
  email: string,
  user: UserRecord | null,
  task: Pick<TaskRecord, 'taskId' | 'title'>,
  by: string,
): Mail {
  const link = `${env.appUrl}/task/${task.taskId}`;
  const hello = user?.firstName ? `Hello ${user.firstName},` : 'Hello,';
  return {
    to: email,
    subject: `${by} gave you a task: ${task.title}`,
    text: `${hello}\n\n${by} gave you the task "${task.title}" on Tandem.\n\nOpen it: ${link}`,
    html: `<p>${esc(hello)}</p><p>${esc(by)} gave you the task <strong>${esc(task.title)}</strong> on Tandem.</p><p><a href="${link}">Open it</a></p>`,
  };
}

/** To a viewer of a chat, when a digest of its new messages begins (D46): the latest words and the link. */
export function newMessageMail(
  email: string,
  user: UserRecord | null,
  task: Pick<TaskRecord, 'taskId' | 'title'>,
  by: string,
  text: string,
): Mail {
  const link = `${env.appUrl}/task/${task.taskId}`;
  const hello = user?.firstName ? `Hello ${user.firstName},` : 'Hello,';
  return {
    to: email,
    subject: `${by} wrote in ${task.title}`,
    text: `${hello}\n\n${by} wrote in "${task.title}" on Tandem:\n\n${text}\n\nOpen the chat: ${link}`,
    html: `<p>${esc(hello)}</p><p>${esc(by)} wrote in <strong>${esc(task.title)}</strong> on Tandem:</p><blockquote>${esc(text)}</blockquote><p><a href="${link}">Open the chat</a></p>`,
  };
}

/** To an attendee of a scheduled task (template `calendar`, D46): when, and the link to answer. */
export function calendarMail(
  email: string,
  t: { taskTitle: string; byName: string; when: string; answerPath: string; change?: 'moved' },
): Mail {
  const link = `${env.appUrl}${t.answerPath}`;
  const who = senderName(t.byName);
  // A meeting moved: the new time. The answer link of the first e-mail still works for whoever has
  // not answered (the key is not kept, so it cannot be sent again).
  if (t.change === 'moved')
    return {
      to: email,
      subject: `${who} moved ${t.taskTitle}`,
      text: `${who} moved "${t.taskTitle}" to ${t.when}.\n\nIf you have not answered yet, the link in the first invitation still works.`,
      html: `<p>${esc(who)} moved <strong>${esc(t.taskTitle)}</strong> to ${esc(t.when)}.</p><p>If you have not answered yet, the link in the first invitation still works.</p>`,
    };
  return {
    to: email,
    subject: `${who} invited you: ${t.taskTitle}`,
    text: `${who} invited you to "${t.taskTitle}" on ${t.when}.\n\nAccept or decline: ${link}`,
    html: `<p>${esc(who)} invited you to <strong>${esc(t.taskTitle)}</strong> on ${esc(t.when)}.</p><p><a href="${link}">Accept or decline</a></p>`,
  };
}

/** To a learner the author added to a curriculum (D85): its lessons are on their lists; the link opens it. */
export function curriculumAddedMail(
  email: string,
  user: UserRecord | null,
  curriculum: { curriculumId: string; title: string },
  by: string,
): Mail {
  const link = `${env.appUrl}/curriculum?id=${encodeURIComponent(curriculum.curriculumId)}`;
  const hello = user?.firstName ? `Hello ${user.firstName},` : 'Hello,';
  const title = curriculum.title;
  return {
    to: email,
    subject: `${by} added you to the curriculum ${title}`,
    text: `${hello}\n\n${by} added you to the curriculum "${title}" on Tandem. Its lessons are on your lists as tasks, and new lessons will reach you too.\n\nOpen the curriculum: ${link}`,
    html: `<p>${esc(hello)}</p><p>${esc(by)} added you to the curriculum <strong>${esc(title)}</strong> on Tandem. Its lessons are on your lists as tasks, and new lessons will reach you too.</p><p><a href="${link}">Open the curriculum</a></p>`,
  };
}

/** To a learner the author took off a curriculum (D83): their lesson tasks stay on their lists. */
export function curriculumRemovedMail(
  email: string,
  user: UserRecord | null,
  curriculumTitle: string,
  by: string,
): Mail {
  const link = `${env.appUrl}/tasks`;
  const hello = user?.firstName ? `Hello ${user.firstName},` : 'Hello,';
  return {
    to: email,
    subject: `${by} took you off the curriculum ${curriculumTitle}`,
    text: `${hello}\n\n${by} took you off the curriculum "${curriculumTitle}" on Tandem. Its tasks you had stay on your lists as your own tasks; new lessons no longer reach you.\n\nYour tasks: ${link}`,
    html: `<p>${esc(hello)}</p><p>${esc(by)} took you off the curriculum <strong>${esc(curriculumTitle)}</strong> on Tandem. Its tasks you had stay on your lists as your own tasks; new lessons no longer reach you.</p><p><a href="${link}">Your tasks</a></p>`,
  };
}
