/** The pod's env with a model seed (src/releases/pod-env.ts): the Hugging Face home moves, the hub goes offline. */
import { generatedEnv, podEnv } from '../../src/releases/pod-env';
import { ServerTarget } from '../../src/releases/server-target';

const spec = { distribution: { name: 'starter' } };
const hf = (env: { name: string; value?: string }[]) => env.filter((e) => /^(HF_|TRANSFORMERS_)/.test(e.name));

test('without a seed: HF_HOME is the data volume, nothing offline', () => {
  expect(hf(podEnv(ServerTarget.OGX_1_3, spec, []))).toEqual([{ name: 'HF_HOME', value: '/.ogx' }]);
});

test('a seed: HF_HOME is the seeded home, the hub and transformers offline', () => {
  expect(hf(podEnv(ServerTarget.OGX_1_3, spec, [], { home: '/models' }))).toEqual([
    { name: 'HF_HOME', value: '/models' }, { name: 'HF_HUB_OFFLINE', value: '1' }, { name: 'TRANSFORMERS_OFFLINE', value: '1' },
  ]);
});

test('a read-only seed: the remote-code modules go to a writable directory', () => {
  expect(hf(podEnv(ServerTarget.OGX_1_3, spec, [], { home: '/models', modulesCache: '/.cache/huggingface/modules' }))).toContainEqual(
    { name: 'HF_MODULES_CACHE', value: '/.cache/huggingface/modules' });
});

test('the user\'s env still comes last (Kubernetes lets the last of a name win)', () => {
  const env = podEnv(ServerTarget.OGX_1_3, { ...spec, workload: { overrides: { env: [{ name: 'LOG', value: 'x' }] } } }, [], { home: '/models' });
  expect(env[env.length - 1]).toEqual({ name: 'LOG', value: 'x' });
});

test('generatedEnv is unchanged without a seed (HF_HOME follows the data volume)', () => {
  expect(generatedEnv(ServerTarget.OGX_1_3, spec).find((e) => e.name === 'HF_HOME')?.fix).toMatch(/follows the data volume/);
});
