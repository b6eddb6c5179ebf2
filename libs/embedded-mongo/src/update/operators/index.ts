import { handleAddToSet, handlePop, handlePull, handlePullAll, handlePush } from './arrays';
import {
  handleCurrentDate,
  handleRename,
  handleSet,
  handleSetOnInsert,
  handleUnset,
} from './fields';
import type { OperatorHandler } from './handler';
import { handleBit, handleInc, handleMax, handleMin, handleMul } from './numbers';

export type { OperatorContext, OperatorHandler } from './handler';

/** Every update operator the server knows, by name. */
export const UPDATE_OPERATORS: ReadonlyMap<string, OperatorHandler> = new Map([
  ['$set', handleSet],
  ['$unset', handleUnset],
  ['$inc', handleInc],
  ['$mul', handleMul],
  ['$min', handleMin],
  ['$max', handleMax],
  ['$rename', handleRename],
  ['$setOnInsert', handleSetOnInsert],
  ['$currentDate', handleCurrentDate],
  ['$push', handlePush],
  ['$addToSet', handleAddToSet],
  ['$pop', handlePop],
  ['$pull', handlePull],
  ['$pullAll', handlePullAll],
  ['$bit', handleBit],
]);
