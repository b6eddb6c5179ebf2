// The insights' collections, named once (the service, and the backups that leave them out).

/** Per day and dimension, what was counted: `{ day, dim, key, views, visitors?, enquiries? }`. */
export const INSIGHTS_DAILY_COLLECTION = 'insights_daily';
/** Today's visitors as hashes, forgotten with the day's salt. */
export const INSIGHTS_VISITORS_COLLECTION = 'insights_visitors';
/** Each day's secret salt, shared by every instance. */
export const INSIGHTS_SALTS_COLLECTION = 'insights_salts';
export const INSIGHTS_COLLECTIONS = [
  INSIGHTS_DAILY_COLLECTION,
  INSIGHTS_VISITORS_COLLECTION,
  INSIGHTS_SALTS_COLLECTION,
];
