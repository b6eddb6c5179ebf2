export { createStaticHandler, createStaticServer } from './lib/static-files';
export type { RequestHandler, StaticOptions } from './lib/static-files';
export { configOrigins, securityHeaders } from './lib/security-headers';
export type { SecurityOptions, SiteConfig } from './lib/security-headers';
