import { TelemetryProvider } from '../../src/providers/telemetry';
import { SecretRef } from '../../src/values/secret-ref';
import { expectProvider, problem } from '../support/provider-problems';

describe('TelemetryProvider.custom', () => {
  test('telemetry custom', () => {
    expectProvider(TelemetryProvider.custom('otel', { endpoint: 'http://otel:4318' }), 'telemetry', { provider: 'otel', endpoint: 'http://otel:4318' } as any);
  });

  test('an inline type keeps its prefix; the id drops it', () => {
    const p = TelemetryProvider.custom('inline::meta-reference', { apiKey: SecretRef.fromSecretName('t', 'k') });
    expect(p.toSpec()).toStrictEqual({ provider: 'inline::meta-reference', apiKey: { name: 't', key: 'k' } });
    expect(p.id).toBe('meta-reference');
  });

  test('telemetry type', () => {
    expect(problem(() => TelemetryProvider.custom(undefined as any)))
      .toBe('TelemetryProvider.custom(provider): provider type is required — name the provider type, e.g. vllm');
  });

  test('a custom endpoint is not checked as an http(s) URL (the type\'s config decides)', () => {
    expect(TelemetryProvider.custom('otel', { endpoint: 'otel:4317' }).toSpec()).toStrictEqual({ provider: 'otel', endpoint: 'otel:4317' });
  });
});
