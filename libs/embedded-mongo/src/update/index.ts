/**
 * Updates in MongoDB's three forms: operators ({ $set: ... }), a replacement
 * document, or a pipeline ([{ $set: ... }]); and the document an upsert starts from.
 */
import { Doc, isPlainObject } from '../values';

export { applyOperatorUpdate, type UpdateContext } from './operator-update';
export { applyPipelineUpdate } from './pipeline';
export { applyReplacement, checkReplacement } from './replacement';
export { seedFromQuery } from './upsert-seed';

export type UpdateSpec = Doc | Doc[];

export function isPipelineUpdate(update: unknown): update is Doc[] {
  return Array.isArray(update);
}

export function isOperatorUpdate(update: unknown): update is Doc {
  if (!isPlainObject(update)) return false;
  const first = Object.keys(update)[0];
  return first !== undefined && first.startsWith('$');
}
