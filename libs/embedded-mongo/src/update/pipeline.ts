import { ErrorCodes, MongoError } from '../errors';
import { runPipeline } from '../query';
import type { Doc } from '../values';
import { idAlteredError, sameId } from './replacement';

/** The stages MongoDB allows in an update pipeline. */
const UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

/** Runs a pipeline-style update ([{ $set: ... }, ...]) on one document, through mingo's pipeline. */
export function applyPipelineUpdate(document: Doc, pipeline: Doc[]): Doc {
  for (const stage of pipeline) {
    const name = Object.keys(stage)[0];
    if (!UPDATE_STAGES.has(name)) {
      throw new MongoError(
        ErrorCodes.InvalidOptions,
        `${name} is not allowed to be used within an update`,
      );
    }
  }
  const [result] = runPipeline([document], pipeline, { resolve: () => [] });
  if (!result || !sameId(document._id, result._id)) throw idAlteredError(result?._id);
  return result;
}
