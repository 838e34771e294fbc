/**
 * The embedded base configs: port of the operator's `pkg/config/resolver_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.4).
 *
 * Deliberate deviations (../shared/docs/design.md) are marked `DEVIATION`.
 */
import { LlamaStackConfigError } from '../../src/core/errors';
import { detectConfigVersion } from '../../src/generate/operator/config-version';
import { EMBEDDED_DISTRIBUTIONS, embeddedBaseConfig } from '../../src/releases/embedded-configs';
import { readBaseConfig } from '../../src/yaml/parse';
import { generate } from '../support/operator-goldens';

// ---------------------------------------------------------------------------------------------
// §2.4 resolver_test.go → EmbeddedConfigResolver.Resolve

describe('operator resolver_test.go (§2.4)', () => {
  describe('TestEmbeddedConfigResolver_Resolve', () => {
    test.each(['starter', 'remote-vllm', 'meta-reference-gpu', 'postgres-demo'])('%s distribution', (name) => {
      expect(EMBEDDED_DISTRIBUTIONS).toContain(name);
      const found = embeddedBaseConfig(name);
      const text = 'text' in found ? found.text : '';
      expect(text.length).toBeGreaterThan(0);
      const config = readBaseConfig(text);
      expect(config).not.toBeNull();
      expect(detectConfigVersion(config)).toEqual({ version: 2 });
      expect(generate({ distribution: { name } }).configVersion).toBe(2);
    });

    test('unknown distribution returns error', () => {
      const found = embeddedBaseConfig('nonexistent');
      expect('problems' in found && found.problems[0].message).toContain('failed to load embedded config');
      expect(() => generate({ distribution: { name: 'nonexistent' } })).toThrow(LlamaStackConfigError);
    });

    test('an unknown name: the problem returned, not thrown, at the field given', () => {
      expect('problems' in embeddedBaseConfig('nonexistent', 'spec.x') && embeddedBaseConfig('nonexistent', 'spec.x').problems.map((p) => p.path)).toEqual(['spec.x']);
      expect(embeddedBaseConfig('nonexistent')).toEqual({
        problems: [{
          path: 'spec.distribution.name',
          message: 'failed to load embedded config for distribution "nonexistent": open configs/nonexistent/config.yaml: file does not exist',
          fix: 'use one of meta-reference-gpu, postgres-demo, remote-vllm, starter, or pass baseConfigYaml',
        }],
      });
    });
  });
});
