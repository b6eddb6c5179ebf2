/** What can be deleted into the trash, as `GET /api/trash?type=` names it. */
export const TRASH_TYPES = ['product', 'service', 'review', 'gallery', 'user'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** Deleted items stay in the trash this many days unless TRASH_DAYS says otherwise. */
export const DEFAULT_TRASH_DAYS = 30;
