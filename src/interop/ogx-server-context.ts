/** What reading an OGXServer collects as it goes: problems, warnings, and where each spec field came from. */
import { ConfigProblem } from '../core/errors';

export type Obj = Record<string, any>;

export class OgxReadContext {
  readonly problems: ConfigProblem[] = [];
  readonly warnings: ConfigProblem[] = [];
  /** Path in this library's spec → the OGXServer path it was read from. */
  readonly sources: { [specPath: string]: string } = {};
  /** APIs whose providers the manifest gives (they replace the base config's). */
  readonly replace: string[] = [];
  /** `spec.tls.trust` without serving TLS: the pod's trusted CAs (the `caBundle` prop; the CRD's spec carries them only with TLS). */
  caBundle?: { configMapName: string; configMapKeys: string[] };
  /** The env var names the operator would give the Secret references. */
  readonly operatorEnvNames: string[] = [];

  warn(path: string, message: string, fix: string): void {
    this.warnings.push({ path, message, fix });
  }

  problem(path: string, message: string, fix: string): void {
    this.problems.push({ path, message, fix });
  }

  source(specPath: string, ogxPath: string): void {
    this.sources[specPath] = ogxPath;
  }
}
