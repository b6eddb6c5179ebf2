// What this remote promises the shell (@vitrine/contracts): checked by `nx typecheck`, never
// imported at run time. A remote that stops exporting what the shell loads fails here, in CI.
import type { RemoteModule } from '@vitrine/contracts';
import type * as entry from './remote-entry';

/** `./Module`: the admin area's root component. */
export const moduleContract: typeof entry extends RemoteModule ? true : never = true;
