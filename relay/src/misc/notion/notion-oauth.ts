// Connecting Notion (a public integration's OAuth, spec section 2's /oauth/notion): the address
// the web app sends the user to, and the exchange of the code Notion sends back for the token the
// device keeps (notionOAuthToken). The client secret stays on this server; the code and the token
// pass through and are never stored or logged.
import { IntegrationErrorCode, type NotionConnection } from '@inkmark/shared'
import { IntegrationError, invalidRequest } from '../integrations/integration-error'
import type { NotionSettings } from '../integrations/integrations-config'
import { notionClient } from './notion-client'
import { notionOAuthError } from './notion-errors'

/** The web app's route Notion sends the user back to (spec section 2). */
export const NOTION_REDIRECT_PATH = '/oauth/notion'
/** Longest state and redirect address accepted. */
export const MAX_STATE_LENGTH = 512
export const MAX_REDIRECT_URI_LENGTH = 2_000

/** The client id and secret, or 503 not_configured. */
export function oauthCredentials(settings: NotionSettings): {
  clientId: string
  clientSecret: string
} {
  if (!settings.clientId || !settings.clientSecret) {
    throw new IntegrationError(
      503,
      IntegrationErrorCode.NOT_CONFIGURED,
      'This server is not set up to connect Notion.',
    )
  }
  return { clientId: settings.clientId, clientSecret: settings.clientSecret }
}

/** The redirect address if it is an http(s) address of the web app's /oauth/notion route. */
export function checkedRedirectUri(redirectUri: string): string {
  let url: URL
  try {
    url = new URL(redirectUri)
  } catch {
    throw invalidRequest('redirectUri is not an address')
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== NOTION_REDIRECT_PATH
  ) {
    throw invalidRequest(`redirectUri must be the web app's ${NOTION_REDIRECT_PATH} address`)
  }
  return redirectUri
}

/** Notion's authorization address for the user (owner=user, response_type=code). */
export function notionAuthorizeUrl(
  settings: NotionSettings,
  state: string,
  redirectUri: string,
): string {
  const { clientId } = oauthCredentials(settings)
  const url = new URL('/v1/oauth/authorize', settings.apiBaseUrl)
  url.searchParams.set('client_id', clientId)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('owner', 'user')
  url.searchParams.set('redirect_uri', checkedRedirectUri(redirectUri))
  url.searchParams.set('state', state)
  return url.toString()
}

/** Exchanges the code through the client's oauth.token (Basic auth with the client id and secret). */
export async function exchangeNotionCode(
  settings: NotionSettings,
  code: string,
  redirectUri: string,
  now: () => number,
): Promise<NotionConnection> {
  const { clientId, clientSecret } = oauthCredentials(settings)
  try {
    const answer = await notionClient(settings).oauth.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: checkedRedirectUri(redirectUri),
      client_id: clientId,
      client_secret: clientSecret,
    })
    return {
      accessToken: answer.access_token,
      ...(answer.workspace_name ? { workspaceName: answer.workspace_name } : {}),
      ...(answer.workspace_icon ? { workspaceIcon: answer.workspace_icon } : {}),
      ...(answer.workspace_id ? { workspaceId: answer.workspace_id } : {}),
      ...(answer.bot_id ? { botId: answer.bot_id } : {}),
    }
  } catch (error) {
    throw notionOAuthError(error, now())
  }
}
