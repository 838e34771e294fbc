/** The container image: the props', the spec's, or the target's pinned image of the distribution. */
import type { LlamaStackDistributionProps } from './props';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { imageReferenceProblem } from '../kubernetes/image-reference';
import { checkImageRelease } from '../releases/image-release';
import { isPinnedImage } from '../releases/images';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** A released server image (OGX or llama-stack) and its tag. */
const RELEASED_IMAGE = /^(?:docker\.io\/)?(?:ogxai|ogx|llamastack)\/distribution-[a-z0-9-]+:([^@]+)$/;

/** A released server image (OGX or llama-stack): its tag names its release, which `resolveImage` checks. */
export function isReleasedImage(image: string): boolean {
  return RELEASED_IMAGE.test(image);
}

/**
 * The image to run; its problems (a distribution the target lacks, an unpinned image, a
 * released image of another line) and warnings (a release the target has no data for) are pushed.
 */
export function resolveImage(
  props: LlamaStackDistributionProps, spec: LlamaStackDistributionSpec, target: ServerTarget, problems: ConfigProblem[], warnings: ConfigProblem[],
): string {
  const name = spec.distribution?.name;
  const known = target.distributions;
  const shipped = name !== undefined && known.includes(name);
  const defaultImage = name !== undefined ? target.imageFor(name) : undefined;
  const image = props.image ?? spec.distribution?.image ?? defaultImage;
  if (image === undefined || (!shipped && name !== undefined && props.baseConfigYaml === undefined)) {
    problems.push({
      path: 'spec.distribution.name',
      message: `${target.description} has no distribution ${quoteValue(name)}`,
      fix: `use one of ${known.join(', ')}, or set props.image and props.baseConfigYaml`,
      fixes: {
        manifest: `use one of ${known.join(', ')}, or set spec.distribution.image and pass the base config (--base-config FILE, or an OGXServer's spec.baseConfig ConfigMap)`,
      },
    });
    return image ?? '';
  }
  const ownImage = props.image ?? spec.distribution?.image;
  if (ownImage === undefined && name !== undefined && !target.imageDistributions.includes(name)) {
    // The release workflow builds starter and postgres-demo images only; the other configs ship without one.
    problems.push({
      path: 'spec.distribution.name',
      message: `${target.description} publishes images of ${target.imageDistributions.join(' and ')} only: ${image} does not exist`,
      fix: props.spec === undefined
        ? `set props.image to an image built with the ${name} distribution (its config ships with the target), or use distribution starter`
        : `run an image built with the ${name} distribution (props.image, or the manifest reader's image option), or use distribution starter or postgres-demo`,
      ...(props.spec !== undefined ? {
        fixes: {
          manifest: `run an image built with the ${name} distribution (spec.distribution.image without a name, and its base config with --base-config FILE), or use distribution starter or postgres-demo`,
        },
      } : {}),
    });
    return image;
  }
  // A released image names its release: the config is written for the target's (custom images are the user's to match).
  const released = ownImage !== undefined ? RELEASED_IMAGE.exec(ownImage) : null;
  if (released && isPinnedImage(ownImage!)) {
    const check = checkImageRelease(target, released[1], props.image !== undefined ? 'props.image' : 'spec.distribution.image');
    problems.push(...check.errors);
    warnings.push(...check.warnings);
  }
  // A string that is no reference at all is reported as such (kubernetes/container-checks.ts).
  if (imageReferenceProblem(image) === undefined && !isPinnedImage(image)) {
    problems.push({
      path: props.image !== undefined ? 'props.image' : 'spec.distribution.image',
      message: `image ${quoteValue(image)} is not pinned`,
      fix: 'use an exact version tag (not latest) or a digest, so every synth deploys the same server',
    });
  }
  return image;
}
