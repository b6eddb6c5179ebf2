/** Whose history: a project, service or review by its id, or the one site settings. */
export type HistoryTarget =
  { entity: 'product' | 'service' | 'review'; id: string } | { entity: 'settings' };

export const historyKey = (target: HistoryTarget) =>
  ['history', target.entity, 'id' in target ? target.id : null] as const;
