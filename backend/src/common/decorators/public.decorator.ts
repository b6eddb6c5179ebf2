import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/**
 * Opens a route to visitors. Everything else needs an administrator's token (see
 * AccessGuard): a route is closed unless it says otherwise.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
