import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

/**
 * Documents a route for signed-in administrators alone: the global AccessGuard enforces it
 * for every route that is neither @Public() nor opened to API tokens by @RequiresRight.
 */
export const AdminRoute = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No valid token' }),
    ApiForbiddenResponse({ description: 'Not an administrator' }),
  );
