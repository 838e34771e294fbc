/**
 * The model seed's pod parts (src/workload/model-seed.ts): the volume, the server's mount and the
 * copy init container per mode. The copy script runs here for real, under a scratch root.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { modelSeedHome, modelSeedInitContainers, modelSeedMounts, modelSeedVolumes } from '../../src/workload/model-seed';
import { ModelSeedMode, ResolvedModelSeed } from '../../src/workload/model-seed-options';

const SEC = { runAsNonRoot: true };
const seed = (mode: ModelSeedMode, p = '/models'): ResolvedModelSeed => ({ image: 'r.example.com/m:1', path: p, mode, sizeLimit: '5Gi' });

test('no seed: nothing', () => {
  expect([modelSeedVolumes({}), modelSeedMounts({}), modelSeedInitContainers({}, SEC)]).toEqual([[], [], []]);
});

test('INIT_CONTAINER: an emptyDir, a writable mount, one copy container', () => {
  const plan = { modelSeed: seed(ModelSeedMode.INIT_CONTAINER), imagePullPolicy: 'Always' };
  expect(modelSeedVolumes(plan)).toEqual([{ name: 'model-seed', emptyDir: { sizeLimit: '5Gi' } }]);
  expect(modelSeedMounts(plan)).toEqual([{ name: 'model-seed', mountPath: '/models' }]);
  const [c] = modelSeedInitContainers(plan, SEC);
  expect({ ...c, command: c.command.slice(3) }).toEqual({
    name: 'model-seed',
    image: 'r.example.com/m:1',
    imagePullPolicy: 'Always',
    command: ['model-seed', '/models', '/seed/models', 'r.example.com/m:1'],
    resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '256Mi' } },
    securityContext: SEC,
    volumeMounts: [{ name: 'model-seed', mountPath: '/seed/models' }],
  });
  expect(modelSeedHome(plan.modelSeed)).toEqual({ home: '/models' });
});

test('IMAGE_VOLUME: the image as a volume, mounted read-only at its path, no container', () => {
  const plan = { modelSeed: seed(ModelSeedMode.IMAGE_VOLUME, '/opt/hf/') };
  expect(modelSeedVolumes(plan)).toEqual([{ name: 'model-seed', image: { reference: 'r.example.com/m:1' } }]);
  expect(modelSeedMounts(plan)).toEqual([{ name: 'model-seed', mountPath: '/models', subPath: 'opt/hf', readOnly: true }]);
  expect(modelSeedMounts({ modelSeed: seed(ModelSeedMode.IMAGE_VOLUME, '/') })).toEqual([{ name: 'model-seed', mountPath: '/models', readOnly: true }]);
  expect(modelSeedInitContainers(plan, SEC)).toEqual([]);
  expect(modelSeedHome(plan.modelSeed)).toEqual({ home: '/models', modulesCache: '/.cache/huggingface/modules' });
});

describe('the copy script', () => {
  function run(withHub: boolean): { status: number | null; stderr: string; seeded: string[] } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'model-seed-'));
    const home = path.join(root, 'models');
    const model = path.join(home, 'hub', 'models--nomic-ai--nomic-embed-text-v1.5');
    fs.mkdirSync(withHub ? model : home, { recursive: true });
    if (withHub) fs.writeFileSync(path.join(model, 'config.json'), '{}');
    const volume = path.join(root, 'seed', 'models');
    fs.mkdirSync(volume, { recursive: true });
    const [shell, flag, script, name] = modelSeedInitContainers({ modelSeed: seed(ModelSeedMode.INIT_CONTAINER) }, SEC)[0].command;
    const r = spawnSync(shell, [flag, script, name, home, volume, 'r.example.com/m:1'], { encoding: 'utf8' });
    const hub = path.join(volume, 'hub');
    return { status: r.status, stderr: r.stderr, seeded: fs.existsSync(hub) ? fs.readdirSync(hub) : [] };
  }

  test('copies the Hugging Face home', () => {
    expect(run(true)).toEqual({ status: 0, stderr: '', seeded: ['models--nomic-ai--nomic-embed-text-v1.5'] });
  });

  test('an image without hub/ fails the pod with the image\'s name', () => {
    const r = run(false);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ERROR: no Hugging Face cache \(.*\/models\/hub\) in image r\.example\.com\/m:1\n$/);
  });
});
