import superjson from 'superjson';

/**
 * superjson's wire format (`{ json, meta: { values, v: 1 } }`) written in one pass for what the
 * portal's answers hold: plain objects, arrays, strings, finite numbers, booleans, null, undefined
 * and dates. superjson itself tries each of its rules on every value and walks the result a second
 * time; on a page of 20 orders that took more time than the rest of the request's own work. Anything
 * else (a Map, a Set, a bigint, NaN, a class instance, a very deep value) hands the whole value to
 * superjson, so the answer is always what superjson would send, which the web app reads as before.
 */
const MAX_DEPTH = 64;

class Unusual extends Error {}

/** superjson's path syntax: segments joined by '.', a '.' or '\' in a key escaped with '\'. */
function pathOf(segments: readonly (string | number)[]): string {
  return segments.map((segment) => (typeof segment === 'string' && (segment.includes('.') || segment.includes('\\')) ? segment.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : segment)).join('.');
}

/**
 * The JSON copy of `value`, its dates and undefined values marked in `marks` by path. The path is
 * kept as a stack of segments and written out only for a marked value: a page of 20 orders has
 * some 500 values and a few dozen dates.
 */
function walk(value: unknown, segments: (string | number)[], depth: number, marks: Record<string, [string]>): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) throw new Unusual();
      return value;
    case 'undefined':
      marks[pathOf(segments)] = ['undefined'];
      return null;
    case 'object': {
      if (value === null) return null;
      if (depth > MAX_DEPTH) throw new Unusual();
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new Unusual();
        marks[pathOf(segments)] = ['Date'];
        return value.toISOString();
      }
      if (Array.isArray(value)) {
        const items = new Array<unknown>(value.length);
        for (let index = 0; index < value.length; index++) {
          segments.push(index);
          items[index] = walk(value[index], segments, depth + 1, marks);
          segments.pop();
        }
        return items;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) throw new Unusual();
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        segments.push(key);
        copy[key] = walk((value as Record<string, unknown>)[key], segments, depth + 1, marks);
        segments.pop();
      }
      return copy;
    }
    default:
      throw new Unusual();
  }
}

function serialize(value: unknown): ReturnType<typeof superjson.serialize> {
  const marks: Record<string, [string]> = {};
  let json: unknown;
  try {
    json = walk(value, [], 0, marks);
  } catch (error) {
    if (error instanceof Unusual) return superjson.serialize(value);
    throw error;
  }
  const paths = Object.keys(marks);
  if (paths.length === 0) return { json: json as never };
  // A value that is itself a date or undefined is marked at the root, as a list rather than a map.
  const values = paths.length === 1 && paths[0] === '' && (value === undefined || value instanceof Date) ? marks['']! : marks;
  return { json: json as never, meta: { values: values as never, v: 1 } as never };
}

/** The tRPC transformer: this serializer for answers, superjson for everything it reads. */
export const transformer = { serialize, deserialize: superjson.deserialize.bind(superjson) as typeof superjson.deserialize };
