/** What the start-up model reports: a fatal start-up failure, or a warning the server would log. */
export interface StartupFinding {
  /** `fatal`: the server exits; `warning`: it logs and goes on. */
  readonly severity: 'fatal' | 'warning';
  /** Where in config.yaml, dotted with list indexes (`providers.inference[2].config.base_url`). */
  readonly path: string;
  readonly message: string;
  readonly fix: string;
  /** Env vars involved, so the fix can name the prop that sets them. */
  readonly env?: readonly string[];
}

/** Collects findings for one run. */
export class Findings {
  readonly list: StartupFinding[] = [];

  fatal(path: string, message: string, fix: string, env?: readonly string[]): void {
    this.list.push({ severity: 'fatal', path, message, fix, ...(env && env.length > 0 ? { env } : {}) });
  }

  warn(path: string, message: string, fix: string): void {
    this.list.push({ severity: 'warning', path, message, fix });
  }
}
