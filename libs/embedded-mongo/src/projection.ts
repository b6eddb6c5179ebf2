/** find() projections, applied to the typed documents (aggregation expressions go to mingo). */
import { Aggregator } from 'mingo';
import { ErrorCodes, MongoError, toMongoError } from './errors';
import { compileValueFilter, freshView, mingoOptions, restore, translatePipeline } from './query';
import { Doc, isNumeric, isPlainObject, toNumber } from './values';

type ProjTree = { [k: string]: ProjTree | true };

function addPath(tree: ProjTree, path: string): void {
  const parts = path.split('.');
  let node = tree;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = node[parts[i]];
    if (next === true) return;
    if (!next) node[parts[i]] = {};
    node = node[parts[i]] as ProjTree;
  }
  node[parts[parts.length - 1]] = true;
}

function include(v: unknown, tree: ProjTree): unknown {
  if (Array.isArray(v))
    return v.filter((e) => isPlainObject(e) || Array.isArray(e)).map((e) => include(e, tree));
  if (!isPlainObject(v)) return undefined;
  const out: Doc = {};
  for (const k of Object.keys(v)) {
    const sub = tree[k];
    if (sub === undefined) continue;
    if (sub === true) out[k] = v[k];
    else if (isPlainObject(v[k]) || Array.isArray(v[k])) out[k] = include(v[k], sub);
  }
  return out;
}

function exclude(v: unknown, tree: ProjTree): unknown {
  if (Array.isArray(v))
    return v.map((e) => (isPlainObject(e) || Array.isArray(e) ? exclude(e, tree) : e));
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) {
    const sub = tree[k];
    if (sub === true) continue;
    out[k] = sub && (isPlainObject(v[k]) || Array.isArray(v[k])) ? exclude(v[k], sub) : v[k];
  }
  return out;
}

function isSimpleProjectionValue(v: unknown): boolean {
  return typeof v === 'boolean' || isNumeric(v);
}

export type Projector = (doc: Doc) => Doc;

/**
 * find() projections: inclusion, exclusion, dotted paths, `$slice` and
 * `$elemMatch` are applied to the typed document directly. Anything else
 * (aggregation expressions) is delegated to mingo's $project.
 */
export function compileProjection(projection: unknown): Projector | undefined {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return undefined;
  const includeTree: ProjTree = {};
  const excludeTree: ProjTree = {};
  const special: [string, Doc][] = [];
  let idMode: boolean | undefined;
  let mode: 'include' | 'exclude' | undefined;
  for (const [path, v] of Object.entries(projection)) {
    if (isPlainObject(v) && ('$slice' in v || '$elemMatch' in v) && Object.keys(v).length === 1) {
      special.push([path, v]);
      continue;
    }
    if (!isSimpleProjectionValue(v)) return expressionProjection(projection);
    const on = typeof v === 'boolean' ? v : toNumber(v) !== 0;
    if (path === '_id') {
      idMode = on;
      continue;
    }
    const m = on ? 'include' : 'exclude';
    if (mode && mode !== m) {
      throw new MongoError(
        m === 'exclude' ? ErrorCodes.Location31254 : ErrorCodes.Location31253,
        m === 'exclude'
          ? `Cannot do exclusion on field ${path} in inclusion projection`
          : `Cannot do inclusion on field ${path} in exclusion projection`,
      );
    }
    mode = m;
    addPath(m === 'include' ? includeTree : excludeTree, path);
  }
  // An $elemMatch projection behaves like an inclusion; a lone $slice keeps all other fields.
  if (!mode && special.some(([, v]) => '$elemMatch' in v)) mode = 'include';
  if (mode === 'include') {
    for (const [path] of special) addPath(includeTree, path.split('.')[0]);
  }
  const specials = special.map(([path, v]) => {
    if ('$elemMatch' in v) {
      const test = compileValueFilter({ e: { $elemMatch: v.$elemMatch } }, 'e');
      return {
        path,
        apply: (arr: unknown[]) => {
          const hit = arr.find((el) => test([el]));
          return hit === undefined ? undefined : [hit];
        },
      };
    }
    const s = v.$slice;
    return {
      path,
      apply: (arr: unknown[]) => {
        if (Array.isArray(s)) {
          const skip = toNumber(s[0]);
          const n = toNumber(s[1]);
          const start = skip < 0 ? Math.max(arr.length + skip, 0) : skip;
          return arr.slice(start, start + n);
        }
        const n = toNumber(s);
        return n >= 0 ? arr.slice(0, n) : arr.slice(n);
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
      const cur = doc[path];
      if (!Array.isArray(cur)) continue;
      const r = apply(cur);
      if (r === undefined) delete out[path];
      else out[path] = r;
    }
    return out;
  };
}

function expressionProjection(projection: Doc): Projector {
  const stage = translatePipeline([{ $project: projection }]);
  return (doc) => {
    const agg = new Aggregator(stage, mingoOptions());
    try {
      return restore(agg.run([freshView(doc)])[0], doc) as Doc;
    } catch (e) {
      throw toMongoError(e);
    }
  };
}
