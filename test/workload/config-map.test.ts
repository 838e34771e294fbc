/**
 * Rollback with hash-named ConfigMaps: by default the generated ConfigMap is pruned with the rest
 * once a newer config replaces it; retainConfigMaps keeps it for `kubectl rollout undo`.
 */
import { Testing } from 'cdk8s';
import { LlamaStackDistribution } from '../../src/distribution';
import { schemaErrors } from '../support/k8s-schema';

function configMap(props: object): any {
  const chart = Testing.chart();
  new LlamaStackDistribution(chart, 'llama', props);
  const manifests = Testing.synth(chart);
  expect(schemaErrors(manifests)).toEqual([]);
  return manifests.find((m) => m.kind === 'ConfigMap');
}

test('default: no prune annotations', () => {
  expect(configMap({}).metadata.annotations).toBeUndefined();
});

test('retainConfigMaps: Argo CD and Flux leave previous ConfigMaps in place', () => {
  expect(configMap({ retainConfigMaps: true }).metadata.annotations).toEqual({
    'argocd.argoproj.io/sync-options': 'Prune=false',
    'kustomize.toolkit.fluxcd.io/prune': 'disabled',
  });
});
