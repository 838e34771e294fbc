/**
 * The image's baked tiktoken cache stays readable (src/workload/cache-seed.ts): the pod's `/.cache`
 * emptyDir would hide `/.cache/tiktoken`, so an init container of the server image copies it in
 * first. Its script runs here for real, under a scratch root.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdk8s';
import { LlamaStackDistribution } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { cacheSubPath } from '../../src/workload/cache-seed';
import { restrictedViolationsOf } from '../support/pod-security';

function pod(target: ServerTarget, image?: string): any {
  const llama = new LlamaStackDistribution(Testing.chart(), 'llama', { target, ...(image ? { image } : {}) });
  return llama.deployment.toJson().spec.template.spec;
}

const SERVER_TARGETS = [ServerTarget.OGX_1_3, ServerTarget.OGX_1_2, ServerTarget.OGX_1_1, ServerTarget.OGX_0_8, ServerTarget.LLAMA_STACK_0_7];

describe.each(SERVER_TARGETS.map((t) => [t.id, t] as const))('%s', (_id, target) => {
  test('an init container of the server image copies /.cache/tiktoken into the cache emptyDir', () => {
    const p = pod(target);
    const seed = p.initContainers.find((c: any) => c.name === 'cache-seed');
    expect(seed.image).toBe(p.containers[0].image);
    expect(seed.command.slice(4)).toEqual(['/.cache/tiktoken', '/seed/cache/tiktoken']);
    expect(seed.volumeMounts).toEqual([{ name: 'cache', mountPath: '/seed/cache' }]);
    // The server sees the same emptyDir at /.cache.
    expect(p.containers[0].volumeMounts).toContainEqual({ name: 'cache', mountPath: '/.cache' });
    expect(p.volumes.find((v: any) => v.name === 'cache').emptyDir).toBeDefined();
  });
});

test('the operator pipeline\'s images have no baked cache to keep: no init container', () => {
  expect(pod(ServerTarget.OPERATOR).initContainers).toBeUndefined();
});

test('the pod stays restricted with the init container', () => {
  const llama = new LlamaStackDistribution(Testing.chart(), 'llama', { target: ServerTarget.OGX_1_3 });
  expect(restrictedViolationsOf(Testing.synth(Testing.chart()).concat([llama.deployment.toJson()]))).toEqual([]);
});

test('cacheSubPath: only directories under /.cache', () => {
  expect(cacheSubPath('/.cache/tiktoken')).toBe('tiktoken');
  expect(cacheSubPath('/.cache/a/b')).toBe('a/b');
  expect(cacheSubPath('/.cache/')).toBeUndefined();
  expect(cacheSubPath('/opt/tiktoken')).toBeUndefined();
  expect(cacheSubPath(undefined)).toBeUndefined();
});

describe('the script', () => {
  function run(withCache: boolean): { status: number | null; seeded: string[] } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-seed-'));
    const baked = path.join(root, '.cache/tiktoken');
    if (withCache) {
      fs.mkdirSync(baked, { recursive: true });
      fs.writeFileSync(path.join(baked, '9b5ad71b2ce5302211f9c61530b329a4922fc6a4'), 'cl100k_base');
    }
    const volume = path.join(root, 'seed/cache');
    fs.mkdirSync(volume, { recursive: true });
    const [shell, flag, script, name] = pod(ServerTarget.OGX_1_3).initContainers.find((c: any) => c.name === 'cache-seed').command;
    const r = spawnSync(shell, [flag, script, name, baked, path.join(volume, 'tiktoken')], { encoding: 'utf8' });
    const dir = path.join(volume, 'tiktoken');
    return { status: r.status, seeded: fs.existsSync(dir) ? fs.readdirSync(dir) : [] };
  }

  test('copies the baked files', () => {
    expect(run(true)).toEqual({ status: 0, seeded: ['9b5ad71b2ce5302211f9c61530b329a4922fc6a4'] });
  });

  test('an image without the cache (a custom image) still starts', () => {
    expect(run(false)).toEqual({ status: 0, seeded: [] });
  });
});
