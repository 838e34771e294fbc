/** ServiceEndpoint.url: the in-cluster URL of a cdk8s-plus Service, and every wrong option at its path. */
import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { ServiceEndpoint } from '../../src/values/service-endpoint';
import { problemLine } from '../support/problems';

function service(ports: number[], namespace?: string, chartNamespace?: string): kplus.Service {
  const chart = new Chart(Testing.app(), 'c', { namespace: chartNamespace });
  return new kplus.Service(chart, 'vllm', { metadata: { name: 'vllm', namespace }, ports: ports.map((port) => ({ port })) });
}

describe('ServiceEndpoint.url', () => {
  test('the Service\'s only port, its namespace\'s cluster DNS name, http', () => {
    expect(ServiceEndpoint.url(service([8000], 'models'))).toBe('http://vllm.models.svc.cluster.local:8000');
  });

  test('the chart\'s namespace when the Service has none; the bare name when neither has one', () => {
    expect(ServiceEndpoint.url(service([8000], undefined, 'ai'))).toBe('http://vllm.ai.svc.cluster.local:8000');
    expect(ServiceEndpoint.url(service([8000]))).toBe('http://vllm:8000');
  });

  test('port, path (trailing slashes dropped) and scheme given', () => {
    expect(ServiceEndpoint.url(service([8000, 8443], 'models'), { port: 8443, path: '/v1/', scheme: 'https' })).toBe('https://vllm.models.svc.cluster.local:8443/v1');
    expect(ServiceEndpoint.url(service([8000], 'models'), { path: '/' })).toBe('http://vllm.models.svc.cluster.local:8000');
  });

  test.each<[string, () => unknown, string]>([
    ['several ports, none chosen', () => ServiceEndpoint.url(service([8000, 8443])),
      'ServiceEndpoint.url(port): the Service has several ports (8000, 8443) — pass port: <the Service port>'],
    ['a port out of range', () => ServiceEndpoint.url(service([8000]), { port: 70000 }), 'ServiceEndpoint.url(port): the number 70000 is not a port — pass port: <the Service port>'],
    ['a port the Service does not have', () => ServiceEndpoint.url(service([8000, 8443]), { port: 9000 }),
      'ServiceEndpoint.url(port): the Service has no port 9000 (it has 8000, 8443) — pass one of its ports'],
    ['a path without /', () => ServiceEndpoint.url(service([8000]), { path: 'v1' }), 'ServiceEndpoint.url(path): "v1" is not a URL path — start it with /, e.g. /v1'],
    ['a path with a space', () => ServiceEndpoint.url(service([8000]), { path: '/v 1' }), 'ServiceEndpoint.url(path): "/v 1" is not a URL path — start it with /, e.g. /v1'],
    ['a scheme other than http(s)', () => ServiceEndpoint.url(service([8000]), { scheme: 'grpc' }), 'ServiceEndpoint.url(scheme): "grpc" is not http or https — use http or https'],
    ['not a Service', () => ServiceEndpoint.url({} as kplus.Service),
      'ServiceEndpoint.url(service): is not a cdk8s-plus Service of this app — pass a kplus.Service (new kplus.Service(chart, id, { ports: [...] }))'],
  ])('%s', (_what, fn, line) => {
    expect(problemLine(fn)).toBe(line);
  });
});
