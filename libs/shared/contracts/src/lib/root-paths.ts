// The paths the API answers at the site's root. They are JSON so that the plain JavaScript
// webpack configuration (the dev servers' proxy) reads the very same list as the shell's server.
// Its name is not this file's: Node, running the API from source, resolves `./root-paths` to
// a .json before a .ts.
import rootPaths from './api-root-paths.json';

/** The API itself: every route but the crawler files sits under it. */
export const API_PREFIX: string = rootPaths.api;
/** Uploaded images, served by the API from its storage. */
export const UPLOADS_PATH: string = rootPaths.uploads;
/** What search engines look for at the site's root, answered by the API. */
export const CRAWLER_FILES: readonly string[] = rootPaths.crawlerFiles;
/** Every path (with all below it) that a server in front of the API forwards to it. */
export const API_ROOT_PATHS: readonly string[] = Object.values(rootPaths).flat();
