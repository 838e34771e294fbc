/**
 * The problem collector every check writes to: each problem is `{path, message, fix}`, every
 * problem found is listed (up to a bound, so a huge garbage input cannot make a huge answer),
 * and a check that found any throws them all at once as a `LlamaStackConfigError`.
 */
import { ConfigProblem, LlamaStackConfigError } from './errors';
import { optionPath } from './path';

/** Problems found so far, in the order found. */
export class ProblemList {
  /** The problems listed (live: a check may read it as it goes). */
  public readonly problems: ConfigProblem[] = [];
  private dropped = 0;

  /** @param max how many problems are listed; the rest are only counted */
  constructor(private readonly max: number = Number.POSITIVE_INFINITY) {}

  /** Adds a problem. `fix` may be lazy, so problems past the bound cost no suggestion search. */
  public add(path: string, message: string, fix: string | (() => string)): void {
    if (this.problems.length < this.max) {
      this.problems.push({ path, message, fix: typeof fix === 'string' ? fix : fix() });
    } else {
      this.dropped++;
    }
  }

  /** Adds problems another check found (as found: with their fixes in other readers' words). */
  public addAll(problems: readonly ConfigProblem[]): void {
    for (const p of problems) {
      if (this.problems.length < this.max) this.problems.push(p);
      else this.dropped++;
    }
  }

  /** How many problems were found (listed or not). */
  public get count(): number {
    return this.problems.length + this.dropped;
  }

  /** The problems, with one more at `path` saying how many were found past the bound. */
  public finish(path: string): ConfigProblem[] {
    if (this.dropped === 0) return this.problems;
    return [...this.problems, { path, message: `${this.dropped} more problems not listed`, fix: 'fix the problems listed above and validate again' }];
  }

  /** Throws them all as one `LlamaStackConfigError` when there are any. */
  public throwIfAny(): void {
    if (this.problems.length > 0) throw new LlamaStackConfigError(this.problems);
  }
}

/** The problems of one factory's options, each at `where(option)`, e.g. `ServerAuth.oauth2Jwks(jwksUri)`. */
export class OptionProblems extends ProblemList {
  constructor(public readonly where: string) {
    super();
  }

  /** Adds a problem with option `option`. */
  public problem(option: string, message: string, fix: string): void {
    this.add(optionPath(this.where, option), message, fix);
  }
}
