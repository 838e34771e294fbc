/**
 * Problems about an OGXServer speak OGXServer: the path the user wrote, fixes naming OGXServer
 * fields; never this library's spec (`(as v1alpha2 …)`, `spec.networking…`) or its props.
 */
import * as YAML from 'yaml';
import { ogxPath, ogxProblem } from '../../src/interop/ogx-server-problems';
import { runCli } from '../support/cli-run';

const server = (spec: object) => YAML.stringify({ apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer', metadata: { name: 's' }, spec: { distribution: { name: 'starter' }, ...spec } });

/** Words of this library's spec and props that an OGXServer does not have. */
const FOREIGN = [/v1alpha2/, /spec\.networking/, /props\./, /StorageBackend/, /embeddingDimension/, /\bspec\.disabled\b(?!APIs)/, /configMapName/,
  /\{provider: /, /\(endpoint, apiKey, settings/, /baseConfigYaml/, /\bdisabled must/];

const CASES: { [what: string]: object } = {
  'a legacy connection string': { storage: { sql: { type: 'postgres', connectionString: { name: 'pg', key: 'c' } } } },
  'a shared volume': { workload: { autoscaling: { minReplicas: 1, maxReplicas: 3 }, storage: { size: '1Gi' } } },
  'an embedding model': { resources: { models: [{ name: 'e', modelType: 'embedding' }] }, providers: { inference: { remote: { vllm: [{ endpoint: 'http://v:8000/v1' }] } } } },
  'a port out of range': { network: { port: 99999 } },
  'an env var shadowing the CA bundle': { network: { tls: { secretName: 'x' } }, tls: { trust: { caCertificates: [{ name: 'a', key: 'b' }] } }, workload: { overrides: { env: [{ name: 'SSL_CERT_FILE', value: '/x' }] } } },
  'env vars shadowing the port and HOME': { workload: { overrides: { env: [{ name: 'OGX_PORT', value: '1' }, { name: 'HOME', value: '/x' }] } } },
  'an unknown API': { disabledAPIs: ['inference', 'nonsense'] },
  'several replicas over SQLite': { workload: { replicas: 2 } },
  'an unknown custom provider': { providers: { inference: { remote: { custom: [{ type: 'remote::nope' }] } } } },
  'a bad host name': { network: { externalAccess: { enabled: true, hostname: 'Bad_Host' } } },
  'a model of an unknown provider': { resources: { models: [{ name: 'm', provider: 'nope' }] } },
  'a watsonx provider without a project': { providers: { inference: { remote: { watsonx: [{ apiKey: { name: 'w', key: 'k' } }] } } } },
};

describe('problems about an OGXServer name OGXServer fields only', () => {
  for (const [what, spec] of Object.entries(CASES)) {
    test(what, async () => {
      const r = await runCli(['render', '--pass-through'], server(spec));
      expect(r.code).toBe(1);
      const lines = r.err.split('\n').filter((l) => l.startsWith('- ') || l.startsWith('warning: '));
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) for (const word of FOREIGN) expect({ line: l, foreign: word.test(l) }).toEqual({ line: l, foreign: false });
    });
  }

  test('the paths are the OGXServer\'s, with the fields the user wrote', async () => {
    const port = await runCli(['render', '--pass-through'], server(CASES['a port out of range']));
    expect(port.err).toContain('spec.network.port: must be less than or equal to 65535 — use 65535 or less');
    const custom = await runCli(['render', '--pass-through'], server(CASES['an unknown custom provider']));
    expect(custom.err).toContain('spec.providers.inference.remote.custom[0].type: OGX 1.3.0 has no inference provider "remote::nope"');
    const env = await runCli(['render', '--pass-through'], server(CASES['env vars shadowing the port and HOME']));
    expect(env.err).toContain('remove it: the port is spec.network.port');
    const watsonx = await runCli(['render', '--pass-through'], server(CASES['a watsonx provider without a project']));
    expect(watsonx.err).toMatch(/spec\.providers\.inference\.remote\.watsonx\[0\]: remote::watsonx requires project_id — set it \(the typed field that writes project_id/);
  });
});

describe('warnings printed while the objects are written', () => {
  test('the start-up model\'s warnings about an OGXServer are at its own paths', async () => {
    const printed: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((t: any) => (printed.push(String(t)), true));
    try {
      const r = await runCli(['render', '--pass-through'], server({ providers: { fileProcessors: { inline: { pypdf: {}, docling: { doOcr: false } } } } }));
      expect(r.code).toBe(0);
    } finally {
      spy.mockRestore();
    }
    const warned = printed.join('').split('\n').filter((l) => l.includes('would warn at start-up'));
    expect(warned).toEqual([expect.stringContaining('spec.providers.fileProcessors.inline.docling: OGX 1.3.0 would warn at start-up: file_processors has 2 enabled providers (inline-pypdf, inline-docling)')]);
  });
});

describe('one function says a spec path as the OGXServer writes it', () => {
  test('the field it was read from, else the OGXServer\'s name for the field, else the path', () => {
    const sources = { 'spec.workload.replicas': 'spec.workload.replicas', 'spec.providers.inference[0]': 'spec.providers.inference.remote.vllm[0]' };
    expect(ogxPath('spec.providers.inference[0].endpoint', sources)).toBe('spec.providers.inference.remote.vllm[0].endpoint');
    expect(ogxPath('spec.networking.tls.caBundle.configMapName', sources)).toBe('spec.tls.trust.caCertificates.configMapName');
    expect(ogxPath('spec.networking.tls.enabled', sources)).toBe('spec.network.tls.enabled');
    expect(ogxPath('spec.disabled[1]', sources)).toBe('spec.disabledAPIs[1]');
    expect(ogxPath('spec.disabledThings', sources)).toBe('spec.disabledThings');
    expect(ogxPath('spec.resources.models[0]', sources)).toBe('spec.resources.models[0]');
  });

  test('a problem: its path and the paths its text quotes mapped; its fix the OGXServer\'s, else the manifest\'s, else the props\'', () => {
    expect(ogxProblem({
      path: 'spec.networking.port', message: 'the port is spec.networking.port', fix: 'set port', fixes: { manifest: 'set spec.networking.port', ogxServer: 'set network.port' },
    }, {})).toEqual({ path: 'spec.network.port', message: 'the port is spec.network.port', fix: 'set network.port' });
    expect(ogxProblem({ path: 'x', message: 'm', fix: 'set allowPerPodState: true', fixes: { manifest: 'pass --allow-per-pod-state' } }, {}))
      .toEqual({ path: 'x', message: 'm', fix: 'pass --allow-per-pod-state' });
    // The text is never rewritten as words: a fix that only resembles another's is said as written.
    expect(ogxProblem({ path: 'x', message: 'disabled must contain a name', fix: 'set embeddingDimension, e.g. 768 (in your own base config)' }, {}))
      .toEqual({ path: 'x', message: 'disabled must contain a name', fix: 'set embeddingDimension, e.g. 768 (in your own base config)' });
  });
});
