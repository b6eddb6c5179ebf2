/** find() projections, applied to the typed documents (aggregation expressions go to mingo). */
import { Aggregator } from 'mingo';
import { ErrorCodes, MongoError, toMongoError } from './errors';
import { compileValueFilter, freshView, mingoOptions, restore, translatePipeline } from './query';
import { Doc, isNumeric, isPlainObject, toNumber } from './values';

type ProjectionTree = { [field: string]: ProjectionTree | true };

function addPath(tree: ProjectionTree, path: string): void {
  const parts = path.split('.');
  let node = tree;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = node[parts[i]];
    if (next === true) return;
    if (!next) node[parts[i]] = {};
    node = node[parts[i]] as ProjectionTree;
  }
  node[parts[parts.length - 1]] = true;
}

function include(value: unknown, tree: ProjectionTree): unknown {
  if (Array.isArray(value))
    return value
      .filter((element) => isPlainObject(element) || Array.isArray(element))
      .map((element) => include(element, tree));
  if (!isPlainObject(value)) return undefined;
  const out: Doc = {};
  for (const key of Object.keys(value)) {
    const sub = tree[key];
    if (sub === undefined) continue;
    if (sub === true) out[key] = value[key];
    else if (isPlainObject(value[key]) || Array.isArray(value[key]))
      out[key] = include(value[key], sub);
  }
  return out;
}

function exclude(value: unknown, tree: ProjectionTree): unknown {
  if (Array.isArray(value))
    return value.map((element) =>
      isPlainObject(element) || Array.isArray(element) ? exclude(element, tree) : element,
    );
  if (!isPlainObject(value)) return value;
  const out: Doc = {};
  for (const key of Object.keys(value)) {
    const sub = tree[key];
    if (sub === true) continue;
    out[key] =
      sub && (isPlainObject(value[key]) || Array.isArray(value[key]))
        ? exclude(value[key], sub)
        : value[key];
  }
  return out;
}

function isSimpleProjectionValue(value: unknown): boolean {
  return typeof value === 'boolean' || isNumeric(value);
}

export type Projector = (doc: Doc) => Doc;

/**
 * find() projections: inclusion, exclusion, dotted paths, `$slice` and
 * `$elemMatch` are applied to the typed document directly. Anything else
 * (aggregation expressions) is delegated to mingo's $project.
 */
export function compileProjection(projection: unknown): Projector | undefined {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return undefined;
  const includeTree: ProjectionTree = {};
  const excludeTree: ProjectionTree = {};
  const special: [string, Doc][] = [];
  let idMode: boolean | undefined;
  let mode: 'include' | 'exclude' | undefined;
  for (const [path, value] of Object.entries(projection)) {
    if (
      isPlainObject(value) &&
      ('$slice' in value || '$elemMatch' in value) &&
      Object.keys(value).length === 1
    ) {
      special.push([path, value]);
      continue;
    }
    if (!isSimpleProjectionValue(value)) return expressionProjection(projection);
    const included = typeof value === 'boolean' ? value : toNumber(value) !== 0;
    if (path === '_id') {
      idMode = included;
      continue;
    }
    const fieldMode = included ? 'include' : 'exclude';
    if (mode && mode !== fieldMode) {
      throw new MongoError(
        fieldMode === 'exclude' ? ErrorCodes.Location31254 : ErrorCodes.Location31253,
        fieldMode === 'exclude'
          ? `Cannot do exclusion on field ${path} in inclusion projection`
          : `Cannot do inclusion on field ${path} in exclusion projection`,
      );
    }
    mode = fieldMode;
    addPath(fieldMode === 'include' ? includeTree : excludeTree, path);
  }
  // An $elemMatch projection behaves like an inclusion; a lone $slice keeps all other fields.
  if (!mode && special.some(([, clause]) => '$elemMatch' in clause)) mode = 'include';
  if (mode === 'include') {
    for (const [path] of special) addPath(includeTree, path.split('.')[0]);
  }
  const specials = special.map(([path, clause]) => {
    if ('$elemMatch' in clause) {
      const test = compileValueFilter({ e: { $elemMatch: clause.$elemMatch } }, 'e');
      return {
        path,
        apply: (array: unknown[]) => {
          const hit = array.find((element) => test([element]));
          return hit === undefined ? undefined : [hit];
        },
      };
    }
    const slice = clause.$slice;
    return {
      path,
      apply: (array: unknown[]) => {
        if (Array.isArray(slice)) {
          const skip = toNumber(slice[0]);
          const count = toNumber(slice[1]);
          const start = skip < 0 ? Math.max(array.length + skip, 0) : skip;
          return array.slice(start, start + count);
        }
        const count = toNumber(slice);
        return count >= 0 ? array.slice(0, count) : array.slice(count);
      },
    };
  });
  return (doc) => {
    let out: Doc;
    if (mode === 'include') {
      out = include(doc, includeTree) as Doc;
      if (idMode !== false && '_id' in doc) out = { _id: doc._id, ...out };
      else delete out._id;
    } else {
      out = exclude(doc, excludeTree) as Doc;
      if (idMode === false) delete out._id;
    }
    for (const { path, apply } of specials) {
      if (path.includes('.')) continue;
      const current = doc[path];
      if (!Array.isArray(current)) continue;
      const projected = apply(current);
      if (projected === undefined) delete out[path];
      else out[path] = projected;
    }
    return out;
  };
}

function expressionProjection(projection: Doc): Projector {
  const stage = translatePipeline([{ $project: projection }]);
  return (doc) => {
    const aggregator = new Aggregator(stage, mingoOptions());
    try {
      return restore(aggregator.run([freshView(doc)])[0], doc) as Doc;
    } catch (error) {
      throw toMongoError(error);
    }
  };
}
