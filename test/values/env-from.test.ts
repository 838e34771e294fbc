import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { EnvFrom } from '../../src/values/env-from';
import { problemsOf } from '../support/problems';

describe('EnvFrom', () => {
  test('by name: kind, prefix and optional, resolved as given', () => {
    const e = EnvFrom.fromSecretName('llm-keys', { prefix: 'APP_', optional: true });
    expect(EnvFrom.isEnvFrom(e)).toBe(true);
    expect(EnvFrom.isEnvFrom({ kind: 'Secret' })).toBe(false);
    expect(e._resolve()).toEqual({ kind: 'Secret', name: 'llm-keys', prefix: 'APP_', optional: true });
    expect(EnvFrom.fromConfigMapName('tuning')._resolve()).toEqual({ kind: 'ConfigMap', name: 'tuning', prefix: undefined, optional: undefined });
  });

  test('a Secret name that is no object name is refused without being quoted; a ConfigMap name is quoted', () => {
    expect(problemsOf(() => EnvFrom.fromSecretName('sk-Secret_Value'))).toEqual([
      { path: 'EnvFrom.fromSecretName(secretName)', message: 'a string of 15 characters (not shown) is not a Secret name' },
    ]);
    expect(problemsOf(() => EnvFrom.fromConfigMapName('Tuning'))).toEqual([
      { path: 'EnvFrom.fromConfigMapName(configMapName)', message: '"Tuning" is not a ConfigMap name' },
    ]);
  });

  test('a prefix the API server refuses as an env var name is refused (a digit first, a space)', () => {
    const [p] = problemsOf(() => EnvFrom.fromSecretName('keys', { prefix: '1X' }));
    expect(p.path).toBe('EnvFrom.fromSecretName(options).prefix');
    expect(p.message).toMatch(/^"1X" is not an env var name prefix: a valid environment variable name must consist of/);
    expect(problemsOf(() => EnvFrom.fromConfigMapName('c', { prefix: 'A B' }))[0].path).toBe('EnvFrom.fromConfigMapName(options).prefix');
    // The API server's IsEnvVarName: '-' and '.' are allowed.
    expect(EnvFrom.fromSecretName('keys', { prefix: 'my.app-' }).prefix).toBe('my.app-');
  });

  test('an unknown option and an optional that is not a boolean are refused', () => {
    expect(problemsOf(() => EnvFrom.fromSecretName('keys', { prefx: 'A_' } as any))).toEqual([
      { path: 'EnvFrom.fromSecretName(options).prefx', message: 'is not an option of EnvFromOptions' },
    ]);
    expect(problemsOf(() => EnvFrom.fromSecretName('keys', { optional: 'yes' } as any))).toEqual([
      { path: 'EnvFrom.fromSecretName(options).optional', message: 'must be true or false' },
    ]);
  });

  test('a cdk8s-plus ConfigMap of the app: its name, namespace and data, read when resolved', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
    const cm = new kplus.ConfigMap(chart, 'tuning', { data: { MODE: 'fast' } });
    const e = EnvFrom.fromConfigMap(cm, { prefix: 'APP_' });
    cm.addData('LEVEL', 'debug');
    expect(e._resolve()).toEqual({ kind: 'ConfigMap', name: cm.name, namespace: 'ai', prefix: 'APP_', optional: undefined, data: { MODE: 'fast', LEVEL: 'debug' } });
  });

  test('an imported ConfigMap and a cdk8s-plus Secret: name only, never data', () => {
    const chart = Testing.chart();
    const imported = kplus.ConfigMap.fromConfigMapName(chart, 'imp', 'shared-tuning');
    expect(EnvFrom.fromConfigMap(imported)._resolve()).toEqual({ kind: 'ConfigMap', name: 'shared-tuning', namespace: undefined, data: undefined, prefix: undefined, optional: undefined });
    const secret = new kplus.Secret(chart, 's', { stringData: { TOKEN: 'x' } });
    const r = EnvFrom.fromSecret(secret)._resolve();
    expect(r).toEqual({ kind: 'Secret', name: secret.name, namespace: undefined, data: undefined, prefix: undefined, optional: undefined });
  });

  test('not an object: refused at the factory; an object without a name: a problem when resolved', () => {
    expect(problemsOf(() => EnvFrom.fromConfigMap(undefined as any))).toEqual([{ path: 'EnvFrom.fromConfigMap(configMap)', message: 'must be a cdk8s-plus ConfigMap' }]);
    expect(EnvFrom.fromSecret({} as any)._resolve().problem).toBe('is not a cdk8s-plus Secret');
    const throwing = { get name(): string { throw new Error('boom'); } };
    expect(EnvFrom.fromConfigMap(throwing as any)._resolve().problem).toBe('could not be read as a cdk8s-plus ConfigMap (a getter threw)');
  });
});
