/** GET /download-today/ics — the Today list as an iCalendar file (decisions D69). */
import * as routes from '@tandem/shared/api/areas/surveys';
import { api } from '../../../lib/api.ts';

export const todayCalendar = (userTimezone: string) =>
  api<{ filename: string; ics: string; count: number }>(routes.downloadTodayCalendar, {
    query: { userTimezone },
  });

/** Hands the text to the browser as a file download. */
export function saveFile(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
