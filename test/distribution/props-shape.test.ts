/**
 * props-shape.ts: the props boundary — every declared prop has a shape, the props are read once
 * into a fresh object (plain data copied, the library's objects kept), and damaged props give
 * every problem at its props path.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Size } from 'cdk8s';
import { LlamaStackConfigError } from '../../src/core/errors';
import { checkDistributionProps, checkedDistributionProps, PROP_NAMES } from '../../src/distribution/props-shape';
import { InferenceProvider } from '../../src/providers/inference';
import { ServerTarget } from '../../src/releases/server-target';
import { SecretRef } from '../../src/values/secret-ref';

const VLLM = () => InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1' });
const lines = (raw: unknown) => checkDistributionProps(raw).problems.map((p) => `${p.path}: ${p.message} — ${p.fix}`);

test('every prop declared in the props interface has a shape (the compiler checks the other way)', () => {
  // The props interface and the interfaces it extends, one per concern (the pod's containers and air-gapped clusters in files of their own).
  const source = ['props.ts', 'pod-container-props.ts', 'air-gap-props.ts'].map((f) => fs.readFileSync(path.join(__dirname, '../../src/distribution', f), 'utf8')).join('\n');
  const blocks = [...source.matchAll(/export interface (\w+Props)(?:\s+extends [\w,\s]+)? \{([\s\S]*?)\n\}/g)].map((m) => m[2]);
  expect(blocks.length).toBe(10);
  const declared = blocks.flatMap((block) => [...block.matchAll(/^ {2}readonly (\w+)\?:/gm)].map((m) => m[1]));
  expect(declared.length).toBeGreaterThan(50);
  expect([...PROP_NAMES].sort()).toEqual(declared.sort());
});

test('valid props pass unchanged (the snapshot is equal, not the same object)', () => {
  const env = { LOG_LEVEL: 'info' };
  const checked = checkDistributionProps({ inference: [VLLM()], env, target: ServerTarget.LLAMA_STACK_0_7, models: [{ name: 'm', contextLength: 8192 }] });
  expect(checked.problems).toEqual([]);
  expect(checked.props!.env).toEqual(env);
  expect(checked.props!.env).not.toBe(env);
  expect(checked.props!.target).toBe(ServerTarget.LLAMA_STACK_0_7);
  expect(SecretRef.fromSecretName('s', 'k')).toBeInstanceOf(SecretRef);
});

describe('checkDistributionProps', () => {
  test('no props is {}; props that are not an object are refused', () => {
    expect(checkDistributionProps(undefined)).toEqual({ props: {}, problems: [] });
    expect(checkDistributionProps(null)).toEqual({ props: {}, problems: [] });
    expect(lines('x')).toEqual(['props: must be an object, got a string of 1 character — pass an object of props, e.g. { models: [...] }']);
    expect(lines([])).toEqual(['props: must be an object, got a list of 0 items — pass an object of props, e.g. { models: [...] }']);
  });

  test('an unknown prop, with the closest name; a wrong type; a getter that throws; a value JSON cannot hold', () => {
    expect(lines({ modles: [] })).toEqual(['props.modles: is not a field of LlamaStackDistributionProps — did you mean models? Otherwise remove it']);
    expect(lines({ replicas: 'two' })).toEqual(['props.replicas: must be a whole number, got a string of 3 characters — give a whole number']);
    expect(lines({ get models() { throw new Error('boom'); } })).toEqual(['props.models: reading the value threw Error — pass plain values (no getters or Proxies that throw)']);
    expect(lines({ env: { A: BigInt(1) } })).toEqual([
      "props.env.A: must be a string or a SecretRef, got a BigInt — give the value as a string, or a Secret's key as SecretRef.fromSecretName(<secret>, <key>)",
    ]);
  });

  test('every problem at once, and no props when there is one', () => {
    const checked = checkDistributionProps({ modles: [], replicas: 'two' });
    expect(checked.props).toBeUndefined();
    expect(checked.problems.map((p) => p.path)).toEqual(['props.modles', 'props.replicas']);
  });

  test('the library\'s objects and cdk8s values are kept as they are; plain data is copied', () => {
    const vllm = VLLM();
    const key = SecretRef.fromSecretName('s', 'k');
    const size = Size.gibibytes(1);
    const checked = checkDistributionProps({ inference: [vllm], env: { TOKEN: key }, emptyDirSizeLimits: { tmp: size } }).props!;
    expect(checked.inference![0]).toBe(vllm);
    expect(checked.env!.TOKEN).toBe(key);
    expect(checked.emptyDirSizeLimits!.tmp).toBe(size);
  });

  test('checkedDistributionProps throws the problems as one LlamaStackConfigError', () => {
    expect(() => checkedDistributionProps({ modles: 1 })).toThrow(LlamaStackConfigError);
    expect(checkedDistributionProps({ replicas: 2 })).toEqual({ replicas: 2 });
  });
});
