// This build's identity, put in by the Vite config at build time (dev: 'dev').
declare const __SITE_BUILD_ID__: string

export const SITE_BUILD_ID: string =
  typeof __SITE_BUILD_ID__ === 'string' ? __SITE_BUILD_ID__ : 'dev'
