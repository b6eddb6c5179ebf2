/**
 * Headers every file from `/uploads` carries, whichever part answers (the static server or
 * the media cache's memory): the browser takes it for the image its type says and nothing
 * else (nosniff), and were it opened as a page it could run nothing and load nothing, under
 * a policy of its own that replaces the API's.
 */
export const UPLOAD_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; sandbox"],
];
