// What this remote promises the shell (@vitrine/contracts): checked by `nx typecheck`, never
// imported at run time. A remote that stops exporting what the shell loads fails here, in CI.
import type { RemoteModule, SsrModule } from '@vitrine/contracts';
import type * as entry from './remote-entry';
import type * as ssr from './server/render';

/** `./Module`: the public site's root component. */
export const moduleContract: typeof entry extends RemoteModule ? true : never = true;

/** `./ssr`, the server build's entry: the shell's server renders the pages with it. */
export const ssrContract: typeof ssr extends SsrModule ? true : never = true;
