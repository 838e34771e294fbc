import { Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { fail } from '../core/errors';
import { quoteValue } from '../core/quote';

/** How to reach a cdk8s-plus Service: its port, the API path and the scheme. */
export interface ServiceEndpointOptions {
  /** The Service port. @default - the Service's only port */
  readonly port?: number;
  /** The path the API is served under, e.g. `/v1` for an OpenAI-style server (vLLM, Ollama). @default - none */
  readonly path?: string;
  /** `http` or `https`. @default "http" */
  readonly scheme?: string;
}

/**
 * An endpoint URL from a cdk8s-plus Service of the app, for the providers' and storage's
 * `endpoint` options: `InferenceProvider.vllm({ endpoint: ServiceEndpoint.url(vllmService, { path: '/v1' }) })`
 * gives `http://<name>.<namespace>.svc.cluster.local:<port>/v1`.
 */
export class ServiceEndpoint {
  /**
   * The in-cluster URL of `service` (`http://<name>:<port><path>` when its namespace is not
   * known at synth time: it resolves from the Service's own namespace only).
   * @param service a cdk8s-plus Service of this app
   * @param options port, path and scheme
   */
  public static url(service: kplus.Service, options: ServiceEndpointOptions = {}): string {
    const where = 'ServiceEndpoint.url';
    let name: unknown;
    let namespace: string | undefined;
    let ports: number[] = [];
    try {
      name = service.name;
      namespace = service.metadata.namespace ?? Chart.of(service).namespace;
      ports = service.ports.map((p) => p.port);
    } catch {
      fail(`${where}(service)`, 'is not a cdk8s-plus Service of this app', 'pass a kplus.Service (new kplus.Service(chart, id, { ports: [...] }))');
    }
    const o = options ?? {};
    const port = o.port ?? (ports.length === 1 ? ports[0] : undefined);
    if (port === undefined || !Number.isInteger(port) || port < 1 || port > 65535) {
      fail(`${where}(port)`, ports.length > 1 && o.port === undefined ? `the Service has several ports (${ports.join(', ')})` : `${quoteValue(port)} is not a port`,
        'pass port: <the Service port>');
    }
    if (o.port !== undefined && ports.length > 0 && !ports.includes(o.port)) {
      fail(`${where}(port)`, `the Service has no port ${o.port} (it has ${ports.join(', ')})`, 'pass one of its ports');
    }
    const path = o.path ?? '';
    if (typeof path !== 'string' || (path !== '' && !/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(path))) {
      fail(`${where}(path)`, `${quoteValue(path)} is not a URL path`, 'start it with /, e.g. /v1');
    }
    const scheme = o.scheme ?? 'http';
    if (scheme !== 'http' && scheme !== 'https') fail(`${where}(scheme)`, `${quoteValue(scheme)} is not http or https`, 'use http or https');
    const host = namespace ? `${name}.${namespace}.svc.cluster.local` : String(name);
    return `${scheme}://${host}:${port}${path.replace(/\/+$/, '')}`;
  }
}
