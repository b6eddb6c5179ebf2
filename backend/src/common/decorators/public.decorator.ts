import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/**
 * Opens a route to visitors. Everything else needs an administrator's token (see
 * AccessGuard): a route is closed unless it says otherwise.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const IS_SIGNED_IN = 'isSignedIn';

/**
 * Opens a route to every signed-in user, administrator or not: their own account and
 * signing out. A valid token is still required (401).
 */
export const SignedIn = () => SetMetadata(IS_SIGNED_IN, true);
