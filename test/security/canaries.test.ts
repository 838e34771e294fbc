/**
 * Canary secrets in every string slot a user can reach: typed props, manifests (LlamaStackDistribution
 * and OGXServer), base and override configs, and command-line files. Each slot plants a distinctive
 * canary; whatever the library answers (objects, a refusal, warnings), the canary appears in no
 * synthesized object, problem path, message or fix, warning or command-line output, except inside a
 * `secretKeyRef` the user gave as a reference (a Secret's name).
 *
 * The table says, per slot, whether the library refuses the input (a credential in a slot that is
 * not a credential's) or renders it; a refusal names the slot's path.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import * as YAML from 'yaml';
import {
  InferenceProvider, LlamaStackDistribution, LlamaStackDistributionManifest, LlamaStackDistributionProps, SecretRef, ServerAuth, ServerTarget,
} from '../../src';
import { LlamaStackConfigError } from '../../src/core/errors';
import { quoteValue } from '../../src/core/quote';
import { runCli } from '../support/cli-run';

/** Every canary holds this word: the test looks for it everywhere the library writes. */
const WORD = 'CANARY';
const SK = 'sk-CANARY0123456789abcdefXYZ';
const GHP = 'ghp_CANARY0123456789abcdefghijKLMN';
const PASS = 'CANARYPASS42';
const URL_WITH_PASS = `https://admin:${PASS}@idp.example.com/realms/ai`;
/** A lower-case canary: a valid Secret name (a reference the user gave on purpose). */
const NAME_CANARY = 'sk-canary0123456789abcdef';

const vllm = (extra: object = {}) => InferenceProvider.vllm({ endpoint: 'http://vllm.models.svc:8000/v1', ...extra });
const base: LlamaStackDistributionProps = { target: ServerTarget.OGX_1_3, inference: [vllm()] };

/**
 * The base config OGX 1.3's starter ships, as YAML text (not the build's pre-parsed config.json,
 * which `_baseConfig` prefers once the package is compiled), with `edit` applied.
 */
function starterWith(edit: (text: string) => string): string {
  return edit(fs.readFileSync(path.join(__dirname, '..', '..', 'data', 'targets', 'ogx-1.3', 'distributions', 'starter', 'config.yaml'), 'utf8'));
}
const OPENAI_KEY_LINE = 'api_key: ${env.OPENAI_API_KEY:=}';

/** What the library answered: a refusal's problems, the objects, stderr. */
interface Outcome {
  readonly refused: boolean;
  readonly paths: string[];
  /** All text the library wrote, secretKeyRef names left out. */
  readonly text: string;
}

/** Drops `secretKeyRef.name` values (a Secret name the user gave as a reference). */
function withoutReferenceNames(objects: unknown): string {
  return JSON.stringify(objects, (k, v) => (k === 'secretKeyRef' && v && typeof v === 'object' ? { key: v.key } : v));
}

function outcome(make: (chart: Chart) => unknown): Outcome {
  let err = '';
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((t: any) => { err += String(t); return true; });
  const chart = Testing.chart();
  let error: unknown;
  try {
    make(chart);
  } catch (e) {
    error = e;
  } finally {
    spy.mockRestore();
  }
  if (error !== undefined && !(error instanceof LlamaStackConfigError)) throw error;
  const problems = error instanceof LlamaStackConfigError ? error.problems : [];
  const objects = Testing.synth(chart);
  return {
    refused: error !== undefined,
    paths: problems.map((p) => p.path),
    text: [String(error ?? ''), JSON.stringify(problems), withoutReferenceNames(objects), err].join('\n'),
  };
}

/** Props built when the slot runs (a factory may refuse its options). */
const props = (p: () => Partial<LlamaStackDistributionProps>) => (chart: Chart) => new LlamaStackDistribution(chart, 'llama', { ...base, ...p() });

/** A v1alpha2 manifest with `spec`, read and synthesized. */
const manifest = (spec: object) => (chart: Chart) => LlamaStackDistributionManifest.synthesize(chart, 'llama', YAML.stringify({
  apiVersion: 'llamastack.io/v1alpha2',
  kind: 'LlamaStackDistribution',
  metadata: { name: 'my-stack' },
  spec: { distribution: { name: 'starter' }, providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1' }] }, ...spec },
}));

/** [slot, how it is planted, refused (with a path containing this text) or rendered]. */
const SLOTS: [string, (chart: Chart) => unknown, string | 'rendered'][] = [
  // Props: credentials in slots that are not a credential's.
  ['env value under an innocent name', props(() => ({ env: { MY_LLM_CREDS: SK } })), 'MY_LLM_CREDS'],
  ['env value with a URL password', props(() => ({ env: { DATABASE_URL: `postgresql://app:${PASS}@db:5432/app` } })), 'DATABASE_URL'],
  ['env value under a credential name', props(() => ({ env: { OPENAI_API_KEY: SK } })), 'OPENAI_API_KEY'],
  ['a Secret key that is the secret', () => SecretRef.fromSecretName('openai', SK), 'SecretRef.fromSecretName(key)'],
  ['a Secret name given as a reference', props(() => ({ env: { OPENAI_API_KEY: SecretRef.fromSecretName(NAME_CANARY, 'api-key') } })), 'rendered'],
  ['auth issuer with user:password@', () => ServerAuth.oauth2Jwks({ jwksUri: 'https://idp.example.com/certs', audience: 'ogx', issuer: URL_WITH_PASS }), 'ServerAuth.oauth2Jwks(issuer)'],
  ['auth audience holding a token', () => ServerAuth.oauth2Jwks({ jwksUri: 'https://idp.example.com/certs', audience: GHP }), 'ServerAuth.oauth2Jwks(audience)'],
  ['auth key set URL with user:password@', () => ServerAuth.oauth2Jwks({ jwksUri: URL_WITH_PASS, audience: 'ogx' }), 'ServerAuth.oauth2Jwks(jwksUri)'],
  ['provider endpoint with user:password@', props(() => ({ inference: [InferenceProvider.vllm({ endpoint: `http://u:${PASS}@vllm:8000/v1` })] })), 'endpoint'],
  ['provider endpoint with ?api_key=', props(() => ({ inference: [InferenceProvider.vllm({ endpoint: `http://vllm:8000/v1?api_key=${PASS}` })] })), 'endpoint'],
  ['a model name', props(() => ({ models: [SK] })), ''],
  ['a pod annotation', props(() => ({ podAnnotations: { note: GHP } })), ''],
  ['a pod annotation key', props(() => ({ podAnnotations: { [GHP]: 'x' } })), ''],
  ['a label value', props(() => ({ labels: { team: SK } })), ''],
  ['a host name', props(() => ({ expose: { hostname: `${NAME_CANARY}.example.com` } })), ''],
  ['a namespace with a URL password', props(() => ({ namespace: `postgres://u:${PASS}@db` })), 'props.namespace'],
  // Configs given as text.
  ['baseConfigYaml api_key in plain text', props(() => ({ baseConfigYaml: starterWith((t) => t.replace(OPENAI_KEY_LINE, `api_key: ${SK}`)) })), 'props.baseConfigYaml'],
  ['baseConfigYaml env default holding a key', props(() => ({ baseConfigYaml: starterWith((t) => t.replace(OPENAI_KEY_LINE, `api_key: \${env.OPENAI_API_KEY:=${SK}}`)) })), 'props.baseConfigYaml'],
  ['baseConfigYaml URL with a password', props(() => ({ baseConfigYaml: starterWith((t) => t.replace('providers:\n', `providers:\n  x_url: postgres://u:${PASS}@db/x\n`)) })), 'props.baseConfigYaml'],
  ['overrideConfigYaml api_key in plain text', props(() => ({ inference: undefined, overrideConfigYaml: starterWith((t) => t.replace(OPENAI_KEY_LINE, `api_key: ${SK}`)) })), 'props.overrideConfigYaml'],
  ['a config key that is a token', props(() => ({ inference: undefined, overrideConfigYaml: starterWith((t) => t.replace('providers:\n', `providers:\n  ${GHP}: x\n`)) })), 'props.overrideConfigYaml'],
  ['a token in tls_verify', props(() => ({ inference: [vllm({ settings: { tls_verify: GHP } })] })), ''],
  // Manifests.
  ['v1alpha2 env value', manifest({ workload: { overrides: { env: [{ name: 'MY_LLM_CREDS', value: SK }] } } }), 'spec.workload.overrides.env[0].value'],
  ['v1alpha2 provider api_key setting', manifest({ providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1', settings: { api_key: SK } }] } }), 'settings.api_key'],
  ['v1alpha2 settings key that is a token', manifest({ providers: { inference: [{ provider: 'vllm', endpoint: 'http://vllm:8000/v1', settings: { [GHP]: 'x' } }] } }), ''],
  ['v1alpha2 model name', manifest({ resources: { models: [{ name: SK, provider: 'vllm' }] } }), ''],
];

describe('canary secrets in every string slot', () => {
  test.each(SLOTS)('%s', (_slot, make, expected) => {
    const o = outcome(make);
    expect(o.text).not.toContain(WORD);
    expect(o.text.toLowerCase()).not.toContain(WORD.toLowerCase());
    if (expected === 'rendered') {
      expect(o.paths).toEqual([]);
    } else {
      expect(o.refused).toBe(true);
      expect(o.paths.some((p) => p.includes(expected))).toBe(true);
    }
  });

  test('a Secret name given as a reference is written only in its secretKeyRef', () => {
    const chart = Testing.chart();
    new LlamaStackDistribution(chart, 'llama', { ...base, env: { OPENAI_API_KEY: SecretRef.fromSecretName(NAME_CANARY, 'api-key') } });
    const objects = Testing.synth(chart);
    expect(JSON.stringify(objects)).toContain(NAME_CANARY);
    expect(withoutReferenceNames(objects)).not.toContain(NAME_CANARY);
  });
});

describe('what only resembles a credential renders', () => {
  test.each([
    ['a long mixed-case path in an env value', props(() => ({ env: { MODEL_DIR: '/data/HuggingFaceModels2024/cache' } }))],
    ['a checksum annotation', props(() => ({ podAnnotations: { 'checksum/config': '3f2a9c0e1b7d4f6a8c2e0b9d7f5a3c1e3f2a9c0e1b7d4f6a8c2e0b9d7f5a3c1e' } }))],
    ['a shipped demo config with its postgres:postgres@ connection string', props(() => ({ target: ServerTarget.OPERATOR, distribution: 'postgres-demo' }))],
  ])('%s', (_what, make) => {
    expect(outcome(make).paths).toEqual([]);
  });
});

describe('canary secrets in command-line files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canaries-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const CR = 'apiVersion: llamastack.io/v1alpha2\nkind: LlamaStackDistribution\nmetadata: {name: my-stack}\nspec:\n  distribution: {name: starter}\n'
    + "  providers:\n    inference:\n    - {provider: vllm, endpoint: 'http://vllm:8000/v1'}\n";
  const OGX = 'apiVersion: ogx.io/v1beta1\nkind: OGXServer\nmetadata: {name: ogx}\nspec:\n  distribution: {image: docker.io/ogxai/distribution-starter:1.3.0}\n'
    + '  providers:\n    inference:\n      remote:\n        vllm:\n        - endpoint: https://my-vllm:8000\n  baseConfig: {name: base, key: config.yaml}\n';
  const leakyBase = starterWith((t) => t.replace(OPENAI_KEY_LINE, `api_key: ${SK}`));

  /** [slot, how it is planted, what the refusal says]. */
  const CLI: [string, () => [string[], string], string][] = [
    ['--base-config FILE with api_key in plain text', () => {
      fs.writeFileSync(path.join(dir, 'base.yaml'), leakyBase);
      return [['render', '--base-config', path.join(dir, 'base.yaml')], CR];
    }, '(base config): "api_key" is a credential in plain text (a string of 28 characters, not shown)'],
    ['an OGXServer spec.baseConfig ConfigMap with api_key in plain text', () => [['render', '--pass-through'],
      `${YAML.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'base' }, data: { 'config.yaml': leakyBase } })}---\n${OGX}`], '(base config): "api_key" is a credential in plain text'],
    ['a manifest env value', () => [['render'], `${CR}  workload:\n    overrides:\n      env:\n      - {name: MY_LLM_CREDS, value: ${SK}}\n`], 'spec.workload.overrides.env[0].value: the value of "MY_LLM_CREDS" holds what looks like a key or a token'],
    ['a manifest file in a directory', () => {
      const d = fs.mkdtempSync(path.join(dir, 'apps-'));
      fs.writeFileSync(path.join(d, 'app.yaml'), `${CR}  workload:\n    overrides:\n      env:\n      - {name: TOKEN_URL, value: 'https://u:${PASS}@x'}\n`);
      return [['render', d], ''];
    }, 'spec.workload.overrides.env[0].value: the value of "TOKEN_URL" holds a URL with a password (user:password@)'],
  ];

  test.each(CLI)('%s: refused, the canary nowhere', async (_slot, plant, says) => {
    const [argv, stdin] = plant();
    const r = await runCli(argv, stdin);
    expect(r.code).toBe(1);
    expect(r.err).toContain(says);
    expect(r.out).not.toContain(WORD);
    expect(r.err).not.toContain(WORD);
  });
});

describe('messages quote no credential', () => {
  test('a URL password anywhere in a quoted value is masked', () => {
    expect(quoteValue(`see postgres://app:${PASS}@db:5432/x`)).toBe('"see postgres://app:***@db:5432/x"');
    expect(quoteValue('postgres://app:${env.PGPASSWORD}@db')).toBe('"postgres://app:${env.PGPASSWORD}@db"');
    expect(quoteValue(`${'x'.repeat(70)} https://u:${PASS}@h`)).not.toContain(PASS);
  });
});
