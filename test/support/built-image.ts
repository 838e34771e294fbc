/**
 * Server releases publish images of `starter` and `postgres-demo` only: the other distributions
 * whose configs ship with a target (ci-tests, nvidia, oci, open-benchmark, watsonx) need an
 * image the user built, given as `image`. Tests use a made-up registry, pinned to the target's
 * own tag (the start-up model reads the tag, e.g. for the entrypoint's `--insecure`).
 */
import { ServerTarget } from '../../src/releases/server-target';

/** The image a user would build of `distribution` for `target`; undefined when the release publishes one. */
export function builtImage(target: ServerTarget, distribution: string): string | undefined {
  if (target.imageDistributions.includes(distribution)) return undefined;
  return `registry.example.com/ogx/distribution-${distribution}:${target.imageTag}`;
}

/** `{ image }` for a distribution the release publishes no image of, else `{}` (to spread into props). */
export function imageProps(target: ServerTarget, distribution: string | undefined): { image?: string } {
  const image = distribution === undefined ? undefined : builtImage(target, distribution);
  return image === undefined ? {} : { image };
}
