// The misc server's Notion and Capacities calls the web app makes (the MISC contract, ADR 067).
// Tokens go only in the x-notion-token / x-capacities-token header, never in a path or query; the
// OAuth `state` and redirect URI are the only query values (neither is a secret).
import type {
  CapacitiesExportResult,
  CapacitiesSpace,
  ExportPagePayload,
  NotionConnection,
  NotionTarget,
} from '@inkmark/shared'
import { callMisc } from '../misc/misc-client'

/** A Notion page or database the integration was given access to. */
export type NotionTargetItem = NotionTarget
/** A Capacities space the token can use. */
export type CapacitiesSpaceItem = CapacitiesSpace
/** What an exchange of Notion's code gives. */
export type NotionAuthAnswer = NotionConnection
/** Where an export landed (Capacities may not say). */
export type ExportAnswer = CapacitiesExportResult

/** Notion's authorize page for this state and redirect URI. */
export async function notionAuthorizeUrl(state: string, redirectUri: string): Promise<string> {
  const query = new URLSearchParams({ state, redirectUri })
  const { url } = await callMisc<{ url: string }>(`/notion/authorize-url?${query.toString()}`, {
    method: 'GET',
  })
  return url
}

/** Exchanges Notion's one-time code for the workspace's token. */
export function exchangeNotionCode(code: string, redirectUri: string): Promise<NotionAuthAnswer> {
  return callMisc<NotionAuthAnswer>(`/notion/auth/${encodeURIComponent(code)}`, {
    method: 'POST',
    body: { redirectUri },
  })
}

/** The pages and databases shared with the integration. */
export async function listNotionTargets(
  token: string,
  signal?: AbortSignal,
): Promise<NotionTargetItem[]> {
  const { items } = await callMisc<{ items: NotionTargetItem[] }>('/notion/pages', {
    method: 'GET',
    headers: { 'x-notion-token': token },
    ...(signal ? { signal } : {}),
  })
  return items
}

/** Exports a page into a Notion page (as a child page) or database (as a row). */
export function exportToNotion(
  token: string,
  target: { targetId: string; targetKind: 'page' | 'database' },
  payload: ExportPagePayload,
): Promise<ExportAnswer> {
  const kind = target.targetKind === 'database' ? 'database' : 'page'
  return callMisc<ExportAnswer>(`/notion/${kind}/${encodeURIComponent(target.targetId)}`, {
    method: 'POST',
    headers: { 'x-notion-token': token },
    body: payload,
  })
}

/** The spaces a Capacities token can use (also how a pasted token is checked). */
export async function listCapacitiesSpaces(
  token: string,
  signal?: AbortSignal,
): Promise<CapacitiesSpaceItem[]> {
  const { items } = await callMisc<{ items: CapacitiesSpaceItem[] }>('/capacities/spaces', {
    method: 'GET',
    headers: { 'x-capacities-token': token },
    ...(signal ? { signal } : {}),
  })
  return items
}

/** Saves a page as a weblink in a Capacities space. */
export function exportToCapacities(
  token: string,
  spaceId: string,
  payload: ExportPagePayload,
): Promise<ExportAnswer> {
  return callMisc<ExportAnswer>('/capacities/weblink', {
    method: 'POST',
    headers: { 'x-capacities-token': token },
    body: { spaceId, ...payload },
  })
}
