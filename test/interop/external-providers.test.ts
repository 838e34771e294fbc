/**
 * External providers through the custom resources and the command line: the v1alpha2 CR carries
 * `externalProviders.inference[{providerId, image}]` (what an operator reads the rest of from the
 * image); reading it back with what the image declares renders the same objects; the CLI renders
 * manifests with the library's extension fields; OGXServer has no such field.
 */
import { Testing, Yaml } from 'cdk8s';
import * as YAML from 'yaml';
import {
  ExternalProvider, LlamaStackDistributionManifest, LlamaStackDistributionProps, SecretRef, ServerTarget, specFromProps,
} from '../../src';
import { main } from '../../src/cli/main';
import { LlamaStackDistributionResource, OgxServerResource } from '../../src/interop/custom-resources';
import { crdSchemaErrors } from '../support/crd-schema';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedViolationsOf } from '../support/pod-security';
import { problemsOf } from '../support/problems';
import { startupFromObjects } from '../support/startup-from-objects';
import { emitCr, synthDirect } from '../support/synth-both-ways';

const ACME = ExternalProvider.fromImage({
  id: 'acme', image: 'quay.io/acme/llm-provider:1.0.0', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm',
});
const ACME_WITH_CONFIG = ExternalProvider.fromImage({
  id: 'acme',
  image: 'quay.io/acme/llm-provider:1.0.0',
  api: 'inference',
  providerType: 'remote::acme-llm',
  module: 'acme_llm',
  config: { url: 'http://acme:8080' },
  secretRefs: { api_key: SecretRef.fromSecretName('acme', 'token') },
});
const RERANK = ExternalProvider.fromImage({
  id: 'acme-rerank', image: 'quay.io/acme/rerank-provider:0.3.1', api: 'inference', providerType: 'inline::acme-rerank', module: 'acme_rerank==0.3.1',
});
const VECTORS = ExternalProvider.fromImage({
  id: 'acme-vectors', image: 'quay.io/acme/vectors:3.1', api: 'vector_io', providerType: 'remote::acme-vectors', module: 'acme_vectors',
});

const TARGETS: [string, ServerTarget][] = [['ogx-0.8', ServerTarget.OGX_0_8], ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7]];


async function render(stdin: string, argv: string[] = []): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['render', ...argv], { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, stdin: () => stdin, env: {} });
  return { code, out, err };
}

describe.each(TARGETS)('%s', (_name, target) => {
  const props: LlamaStackDistributionProps = { target, externalProviders: [ACME, RERANK], models: [{ name: 'acme-7b', provider: 'acme' }] };

  test('the v1alpha2 CR carries {providerId, image}, and its CRD accepts it', () => {
    const cr = emitCr(props);
    expect(cr.spec.externalProviders).toEqual({
      inference: [{ providerId: 'acme', image: 'quay.io/acme/llm-provider:1.0.0' }, { providerId: 'acme-rerank', image: 'quay.io/acme/rerank-provider:0.3.1' }],
    });
    expect(crdSchemaErrors(cr)).toEqual([]);
  });

  test('round trip: props → CR → manifest → the same objects, with what the images declare given when rendering', () => {
    const cr = emitCr(props);
    const objects = synthDirect(props);
    expect(schemaErrors(objects)).toEqual([]);
    expect(restrictedViolationsOf(objects)).toEqual([]);
    expect(startupFromObjects(target, objects)).toEqual({ fatal: [], warnings: [] });
    for (const parsed of [LlamaStackDistributionManifest.fromObject(cr), LlamaStackDistributionManifest.parse(Yaml.stringify(cr))]) {
      const chart = Testing.chart();
      LlamaStackDistributionManifest.toDistribution(chart, 'llama', parsed, { target, externalProviders: [RERANK, ACME] });
      expect(Testing.synth(chart)).toEqual(objects);
    }
  });

  test('the CLI renders a manifest with the library\'s fields (LlamaStackDistribution.spec) into the same objects', async () => {
    const all: LlamaStackDistributionProps = { target, externalProviders: [ACME_WITH_CONFIG, RERANK, VECTORS], models: [{ name: 'acme-7b', provider: 'acme' }] };
    const manifest = { apiVersion: 'llamastack.io/v1alpha2', kind: 'LlamaStackDistribution', metadata: { name: 'llama' }, spec: specFromProps(all) };
    expect(manifest.spec.externalProviders).toEqual({
      inference: [ACME_WITH_CONFIG.toSpec(), RERANK.toSpec()],
      vectorIo: [VECTORS.toSpec()],
    });
    const r = await render(Yaml.stringify(manifest), ['--target', target.id]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(YAML.parseAllDocuments(r.out).map((d) => d.toJS())).toEqual(synthDirect(all));
  });

  test('the CLI on a CR as the CRD has it: providerType and module are needed', async () => {
    const r = await render(Yaml.stringify(emitCr(props)), ['--target', target.id]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('(llama): spec.externalProviders.inference[0].providerType: the provider type is required (the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time)'
      + ' — add providerType: <spec.providerType of the image\'s lls-provider-spec.yaml>, e.g. remote::acme-llm');
    expect(r.err).toContain('(llama): spec.externalProviders.inference[1].module: the Python package is required');
  });
});

describe('what the CRs cannot carry', () => {
  test('LlamaStackDistributionResource: config, secretRefs and lists other than inference', () => {
    expect(problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', { externalProviders: [ACME_WITH_CONFIG, VECTORS] }))).toEqual([
      { path: 'props.externalProviders[0].config', message: 'the LlamaStackDistribution CRD has no external provider config (spec 001 had config; v1alpha2 dropped it, so the API server would prune it)' },
      { path: 'props.externalProviders[0].secretRefs', message: 'the LlamaStackDistribution CRD has no external provider secretRefs (spec 001 had config; v1alpha2 dropped it, so the API server would prune it)' },
      { path: 'props.externalProviders[1]', message: 'the LlamaStackDistribution CRD has external inference providers only (externalProviders.vectorIo is this library\'s extension)' },
    ]);
  });

  test('LlamaStackDistributionResource on the operator target: the construct\'s error', () => {
    expect(problemsOf(() => new LlamaStackDistributionResource(Testing.chart(), 'llama', { target: ServerTarget.OPERATOR, externalProviders: [ACME] }))).toEqual([
      { path: 'props.externalProviders', message: 'the operator pipeline ignores external providers (spec 001 never shipped in an operator release)' },
    ]);
  });

  test('OgxServerResource: no field at all', () => {
    expect(problemsOf(() => new OgxServerResource(Testing.chart(), 'llama', { externalProviders: [ACME] }))).toEqual([
      { path: 'props.externalProviders', message: 'the OGXServer CRD cannot express this: it has no external providers (no module field, no init containers)' },
    ]);
  });
});

describe('ManifestRenderOptions.externalProviders', () => {
  const manifest = {
    apiVersion: 'llamastack.io/v1alpha2',
    kind: 'LlamaStackDistribution',
    metadata: { name: 'llama' },
    spec: { distribution: { name: 'starter' }, externalProviders: { inference: [{ providerId: 'acme', image: 'quay.io/acme/llm-provider:1.0.0' }] } },
  };
  const renderWith = (externalProviders: ExternalProvider[], m: any = manifest) =>
    problemsOf(() => LlamaStackDistributionManifest.toDistribution(Testing.chart(), 'llama', LlamaStackDistributionManifest.fromObject(m), { externalProviders }));

  test('an option no entry uses, another image, another API, an entry that is complete already', () => {
    const other = ExternalProvider.fromImage({ id: 'acme', image: 'quay.io/acme/llm-provider:2.0.0', api: 'inference', providerType: 'remote::acme-llm', module: 'acme_llm' });
    const safety = ExternalProvider.fromImage({ id: 'acme', image: 'quay.io/acme/llm-provider:1.0.0', api: 'safety', providerType: 'remote::acme-llm', module: 'acme_llm' });
    expect(renderWith([RERANK, other])).toEqual([
      { path: 'options.externalProviders[1]', message: 'has image quay.io/acme/llm-provider:2.0.0, but the manifest\'s spec.externalProviders.inference[0] has quay.io/acme/llm-provider:1.0.0' },
      { path: 'options.externalProviders[0]', message: 'the manifest has no external provider "acme-rerank"' },
    ]);
    expect(renderWith([safety])).toEqual([
      { path: 'options.externalProviders[0]', message: 'is a safety provider, but the manifest lists "acme" under externalProviders.inference' },
    ]);
    const complete = { ...manifest, spec: { ...manifest.spec, externalProviders: { inference: [ACME.toSpec()] } } };
    expect(renderWith([ACME], complete)).toEqual([
      { path: 'options.externalProviders[0]', message: 'spec.externalProviders.inference[0] already has more than providerId and image' },
    ]);
  });
});
