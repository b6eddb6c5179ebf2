import { SetMetadata } from '@nestjs/common';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'restore', 'download'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION = 'vitrine:audit-action';

/**
 * What a route does, for the audit log, where its method does not say it: a POST that
 * restores, or a GET worth recording (downloading the whole site's backup).
 */
export const AuditAs = (action: AuditAction) => SetMetadata(AUDIT_ACTION, action);
