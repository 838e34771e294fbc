/**
 * The embedded base configs: port of the operator's `pkg/config/resolver_test.go` (PR 266,
 * ../shared/docs/operator-rules.md §2.4).
 *
 * Deliberate deviations (../shared/docs/design.md) are marked `DEVIATION`.
 */
import { LlamaStackConfigError } from '../../src/core/errors';
import { detectConfigVersion } from '../../src/generate/operator/config-version';
import { EMBEDDED_DISTRIBUTIONS, embeddedBaseConfig, embeddedBaseConfigOutcome } from '../../src/releases/embedded-configs';
import { readBaseConfig } from '../../src/yaml/parse';
import { generate, configError } from '../support/operator-goldens';

// ---------------------------------------------------------------------------------------------
// §2.4 resolver_test.go → EmbeddedConfigResolver.Resolve

describe('operator resolver_test.go (§2.4)', () => {
  describe('TestEmbeddedConfigResolver_Resolve', () => {
    test.each(['starter', 'remote-vllm', 'meta-reference-gpu', 'postgres-demo'])('%s distribution', (name) => {
      expect(EMBEDDED_DISTRIBUTIONS).toContain(name);
      const text = embeddedBaseConfig(name);
      expect(text.length).toBeGreaterThan(0);
      const config = readBaseConfig(text);
      expect(config).not.toBeNull();
      expect(detectConfigVersion(config)).toEqual({ version: 2 });
      expect(generate({ distribution: { name } }).configVersion).toBe(2);
    });

    test('unknown distribution returns error', () => {
      const e = configError(() => embeddedBaseConfig('nonexistent'));
      expect(e.message).toContain('failed to load embedded config');
      expect(() => generate({ distribution: { name: 'nonexistent' } })).toThrow(LlamaStackConfigError);
    });

    test('embeddedBaseConfigOutcome: the text, or the same problem returned, not thrown', () => {
      expect(embeddedBaseConfigOutcome('starter')).toEqual({ text: embeddedBaseConfig('starter') });
      expect(embeddedBaseConfigOutcome('nonexistent', 'spec.x')).toEqual({ problems: configError(() => embeddedBaseConfig('nonexistent', 'spec.x')).problems });
      expect(embeddedBaseConfigOutcome('nonexistent')).toEqual({
        problems: [{
          path: 'spec.distribution.name',
          message: 'failed to load embedded config for distribution "nonexistent": open configs/nonexistent/config.yaml: file does not exist',
          fix: 'use one of meta-reference-gpu, postgres-demo, remote-vllm, starter, or pass baseConfigYaml',
        }],
      });
    });
  });
});
