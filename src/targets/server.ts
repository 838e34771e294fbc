/**
 * `server`: the port the container listens on, workers, and the serving certificate. On an OGX
 * 1.2+ image whose entrypoint does not pass `--insecure` (1.2.0), plain HTTP also needs
 * `server.insecure: true`, which is what the later entrypoints set.
 */
import { containerPort } from './deployment-env';
import { TargetGeneration } from './generation';
import { mapOf } from './providers';
import { LlamaStackDistributionSpec } from '../config/spec';
import { JsonObject } from '../core/json';

export function applyServer(g: TargetGeneration, config: JsonObject, spec: LlamaStackDistributionSpec, serverTlsDir: string | undefined): void {
  const server = mapOf(config, 'server');
  server.port = containerPort(spec, g.target);
  if (spec.networking?.port !== undefined) g.wrote('server.port', 'spec.networking.port');
  if (spec.workload?.workers) {
    server.workers = spec.workload.workers;
    g.wrote('server.workers', 'spec.workload.workers');
  }
  if (serverTlsDir) {
    server.tls_certfile = `${serverTlsDir}/tls.crt`;
    server.tls_keyfile = `${serverTlsDir}/tls.key`;
    g.wrote('server.tls_certfile', 'spec.networking.tls');
    g.wrote('server.tls_keyfile', 'spec.networking.tls');
  } else if (g.rules.strictTls && !g.target.entrypointPassesInsecure && !(server.tls_certfile && server.tls_keyfile)) {
    server.insecure = true;
  }
}
