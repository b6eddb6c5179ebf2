/** Lists are JSON arrays; the total is in this header and `Link` carries next/prev. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
