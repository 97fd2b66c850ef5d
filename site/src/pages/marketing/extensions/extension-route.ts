// Which extension tool an /extensions/{app}[/install|/welcome] page is about, from its parameter.
import type { PageProps, RouteParams } from '../../../app/route-types'
import { EXTENSION_APPS, extensionApp, type ExtensionAppInfo } from '../common/product-facts'

/** Whether the route's `app` parameter names one of the tools (else the 404 page). */
export function isExtensionAppParam(params: RouteParams): boolean {
  return extensionApp(params.app) !== undefined
}

/** The tool a page's props name; the first tool for a parameter the route refused already. */
export function appOfProps(props: PageProps): ExtensionAppInfo {
  return extensionApp(props.params.app) ?? (EXTENSION_APPS[0] as ExtensionAppInfo)
}

/** The concrete paths of a pattern under /extensions/{app}, e.g. '/install'. */
export function extensionPaths(suffix: '' | '/install' | '/welcome'): readonly string[] {
  return EXTENSION_APPS.map((app) => `/extensions/${app.path}${suffix}`)
}
