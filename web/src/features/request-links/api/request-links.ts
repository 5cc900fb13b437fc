/** The request links calls (spec 002 §7 "Request links"; docs/api/request-links.md). */
import * as routes from '@tandem/shared/api/areas/request-links';
import type {
  PortalTaskDetail,
  PortalTaskView,
  RequestLinkView,
} from '@tandem/shared/request-links/constants';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const requestLinksKey = ['request-links'] as const;

export const useRequestLinks = () =>
  useSWR(
    requestLinksKey,
    async () => (await api<{ results: RequestLinkView[] }>(routes.listRequestLinks)).results,
  );

const refresh = () => mutate(requestLinksKey);

/** What the editor sends: the configuration (camelCase; sent snake_case). */
export type RequestLinkForm = Pick<
  RequestLinkView,
  | 'companyName'
  | 'welcomeMessage'
  | 'brandingConfig'
  | 'requestConfig'
  | 'confirmationConfig'
  | 'legalConfig'
  | 'isActive'
> & {
  partnerProgramId: string | null;
  assignees: Array<{ id?: string; email: string; role: 5 | 6 }>;
  logoUpload?: string | null;
  /** The group its requests' tasks go to; null: the owner's default group. */
  group?: string | null;
};

/** Creates (no id) or replaces (PUT) a link's configuration. Errors are ApiError with the status. */
export async function saveRequestLink(id: string | null, form: RequestLinkForm): Promise<RequestLinkView> {
  const link = id
    ? await api<RequestLinkView>(routes.updateRequestLink, { params: { id }, body: form })
    : await api<RequestLinkView>(routes.createRequestLink, { body: form });
  await refresh();
  return link;
}

export async function toggleRequestLink(id: string, isActive: boolean): Promise<void> {
  await api<RequestLinkView>(routes.toggleRequestLink, { params: { id }, body: { isActive } });
  await refresh();
}

export async function deleteRequestLink(id: string): Promise<void> {
  await api<unknown>(routes.deleteRequestLink, { params: { id } });
  await refresh();
}

/** Uploads a logo through the presigned POST; answers the upload id the next save keeps. */
export async function uploadLogo(file: File): Promise<string> {
  const t = await api<{ uploadId: string; url: string; fields: Array<[string, string]> }>(
    routes.createRequestLinkLogoUpload,
    { body: { size: file.size, contentType: file.type } },
  );
  const fd = new FormData();
  for (const [k, v] of t.fields) fd.append(k, v);
  fd.append('file', file);
  const res = await fetch(t.url, { method: 'POST', body: fd });
  if (!res.ok) throw new Error(`The logo could not be uploaded (${res.status}).`);
  return t.uploadId;
}

/** The status and body of a failed save, for saveFailureMessage (spec 002 §5). */
export const failureOf = (e: unknown): { status: number; body: unknown } =>
  e instanceof ApiError
    ? { status: e.status, body: { detail: e.body.detail, errors: e.body.errors } }
    : { status: 0, body: {} };

export const usePortalTasks = () =>
  useSWR(
    ['request-portal'],
    async () => (await api<{ results: PortalTaskView[] }>(routes.listPortalTasks)).results,
  );

export const usePortalTask = (taskId: string) =>
  useSWR(['request-portal', taskId], () =>
    api<PortalTaskDetail>(routes.getPortalTask, { params: { taskId } }),
  );
