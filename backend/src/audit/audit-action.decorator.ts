import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'restore', 'download'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION = 'vitrine:audit-action';

/**
 * What a route does, for the audit log, where its method does not say it: a POST that
 * restores, or a GET worth recording (downloading the whole site's backup).
 */
export const AuditAs = (action: AuditAction) => SetMetadata(AUDIT_ACTION, action);

/** The field an entity's answers hold their item's name in, or how to make it from one. */
export type ItemNamer = string | ((item: Record<string, unknown>) => unknown);

/**
 * How a controller's answers (or one route's) name the item written, for the audit log:
 * the audit knows no entity, so each entity says it (`@AuditItemName('ProductName')`).
 * Without it, or where it gives no name, an answer's `name` or `alt` names the item.
 */
export const AuditItemName = Reflector.createDecorator<ItemNamer>();
