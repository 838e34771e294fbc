/**
 * The structural OpenAPI checker of the core, and the embedded core/v1 schemas it is fed with
 * (data/schemas/v1alpha2-embedded.json, which must match crds/).
 */
import * as fs from 'fs';
import { checkSchema, embeddedSchema, OpenApiSchema } from '../../src/spec/schema-check';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const extract = require('../../scripts/extract-schemas.js');

function problems(schema: OpenApiSchema, value: unknown): string[] {
  return checkSchema(schema, value, 'x').problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
}

describe('checkSchema', () => {
  const obj: OpenApiSchema = {
    type: 'object',
    required: ['name'],
    properties: {
      'name': { type: 'string', minLength: 1, maxLength: 5, pattern: '^[a-z]+$' },
      'count': { type: 'integer', format: 'int32', minimum: 0, maximum: 10 },
      'ratio': { type: 'number' },
      'mode': { type: 'string', enum: ['a', 'b'] },
      'size': { 'x-kubernetes-int-or-string': true, 'pattern': '^[0-9]+(Gi|Mi)?$' },
      'tags': { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' } },
      'labels': { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 1 },
      'free': { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
      'maybe': { type: 'string', nullable: true },
      'my-key': { type: 'boolean' },
      'ports': {
        'type': 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['port'],
        'items': { type: 'object', properties: { port: { type: 'integer' } } },
      },
    },
  };

  test('a valid value has no problems', () => {
    expect(problems(obj, {
      'name': 'abc',
      'count': 3,
      'ratio': 2,
      'mode': 'a',
      'size': '10Gi',
      'tags': ['t'],
      'labels': { a: 'b' },
      'free': { anything: [1] },
      'maybe': null,
      'my-key': true,
      'ports': [{ port: 1 }, { port: 2 }],
    })).toEqual([]);
    expect(problems(obj, { name: 'a', size: 10 })).toEqual([]);
  });

  test('every keyword, with the path and a fix', () => {
    expect(problems(obj, {
      'count': 11,
      'ratio': 'x',
      'mode': 'c',
      'size': '10 GB',
      'tags': [],
      'labels': { a: 'b', c: 1 },
      'maybe': 1,
      'my-key': null,
      'extra': 1,
      'ports': [{ port: 1 }, { port: 1 }],
    })).toEqual([
      'x.name: Required value — add name',
      'x.count: 11 is greater than maximum 10 — use 10 or less',
      'x.ratio: must be a number, not a string — use a number',
      'x.mode: "c" is not one of ["a","b"] — use one of a, b',
      'x.size: "10 GB" does not match ^[0-9]+(Gi|Mi)?$ — use a Kubernetes quantity such as 500m, 2 or 4Gi',
      'x.tags: fewer than minItems 1 — list at least 1 item(s), or remove the field',
      'x.labels: more than maxProperties 1 — set at most 1 field(s)',
      'x.labels.c: must be a string, not an integer — use a string',
      'x.maybe: must be a string, not an integer — use a string',
      'x["my-key"]: must not be null — remove the field, or give it a value',
      'x.extra: unknown field "extra" — remove it; known fields: name, count, ratio, mode, size, tags, labels, free, maybe, my-key, ports',
      'x.ports[1]: duplicate port 1 (also x.ports[0]) — keep one entry per key',
    ]);
    expect(problems(obj, { name: 'ABCDEF', count: 2 ** 40, tags: ['a', 'b', 'c'], size: true })).toEqual([
      'x.name: longer than maxLength 5 — use at most 5 characters',
      'x.name: "ABCDEF" does not match ^[a-z]+$ — use a value the pattern accepts',
      'x.count: 1099511627776 is greater than maximum 10 — use 10 or less',
      'x.count: 1099511627776 is out of the int32 range — use a value between -2147483648 and 2147483647',
      'x.tags: more than maxItems 2 — list at most 2 items',
      'x.size: must be an integer or a string, not a boolean — use an integer or a string',
    ]);
  });

  test('blocked: a type, required, enum or max* problem (the API server then skips CEL), not the others', () => {
    expect(checkSchema(obj, { name: 'a', count: -1 }, 'x').blocked).toBe(false);
    expect(checkSchema(obj, { count: 1 }, 'x').blocked).toBe(true);
    expect(checkSchema(obj, { name: 'a', mode: 'z' }, 'x').blocked).toBe(true);
    expect(checkSchema(obj, 'text', 'x')).toEqual({ problems: [{ path: 'x', message: 'must be an object, not a string', fix: 'use an object' }], blocked: true });
  });

  test('the visitor sees every present node, parents first', () => {
    const seen: string[] = [];
    checkSchema(obj, { name: 'a', tags: ['t'] }, 'x', (_s, _v, p) => seen.push(p));
    expect(seen).toEqual(['x', 'x.name', 'x.tags', 'x.tags[0]']);
  });
});

describe('embedded core/v1 schemas', () => {
  test('data/schemas/v1alpha2-embedded.json is what scripts/extract-schemas.js extracts from crds/', () => {
    expect(fs.readFileSync(extract.OUT, 'utf8')).toBe(extract.text());
  });

  test('the required fields Kubernetes has for them', () => {
    expect(embeddedSchema('envVar').required).toEqual(['name']);
    expect(embeddedSchema('volume').required).toEqual(['name']);
    expect(embeddedSchema('volumeMount').required).toEqual(['mountPath', 'name']);
    expect(embeddedSchema('topologySpreadConstraint').required).toEqual(['maxSkew', 'topologyKey', 'whenUnsatisfiable']);
    expect(Object.keys(embeddedSchema('resourceRequirements').properties)).toEqual(['claims', 'limits', 'requests']);
  });
});
