/**
 * checkImageRelease: does the image tag run the config a target writes? Nothing for a release the
 * target models, a warning for an unknown release of its line or a tag that is no version, an
 * error for a release of another line or one another target models.
 */
import { generateTargetConfig } from '../../src/generate/target-config';
import { checkImageRelease } from '../../src/releases/image-release';
import { ServerTarget } from '../../src/releases/server-target';
import { generationProblems } from '../support/generation';

const OGX_1_2 = ServerTarget.OGX_1_2;
const OGX_1_3 = ServerTarget.OGX_1_3;

describe('image of another release', () => {
  test('a tag the target models: nothing', () => {
    expect(checkImageRelease(OGX_1_3, '1.3.0')).toEqual({ errors: [], warnings: [] });
    expect(checkImageRelease(OGX_1_2, '1.2.0')).toEqual({ errors: [], warnings: [] });
    expect(checkImageRelease(ServerTarget.LLAMA_STACK_0_7, '0.7.1')).toEqual({ errors: [], warnings: [] });
  });

  test('1.5.0 on OGX_1_3: a warning naming the newest verified release', () => {
    expect(checkImageRelease(OGX_1_3, '1.5.0')).toEqual({
      errors: [],
      warnings: [{
        path: 'target',
        message: 'image tag "1.5.0" is an OGX release the start-up model has no data for (newer than 1.3.0, the newest verified release of OGX 1.3.0\'s line): its config schema is unknown',
        fix: 'check the release notes of 1.5.0, or pin 1.3.0',
      }],
    });
  });

  test('1.3.0 on OGX_1_2, 1.2.2 on OGX_1_3: an error naming the target that models it', () => {
    expect(checkImageRelease(OGX_1_2, '1.3.0').errors.map((w) => w.fix)).toEqual(['use ServerTarget.OGX_1_3 (its config is the one 1.3.0 reads), or an image tag ServerTarget.OGX_1_2 models (1.2.0, 1.2.1, 1.2.2)']);
    expect(checkImageRelease(OGX_1_3, '1.2.2')).toEqual({
      errors: [{
        path: 'target',
        message: 'image tag "1.2.2" is OGX 1.2.2, which ServerTarget.OGX_1_2 models, not OGX 1.3.0: a config is written for one release, and 1.2.2\'s start-up code refuses keys it does not know',
        fix: 'use ServerTarget.OGX_1_2 (its config is the one 1.2.2 reads), or an image tag ServerTarget.OGX_1_3 models (1.3.0)',
      }],
      warnings: [],
    });
    expect(generationProblems({}, OGX_1_3.withImageTag('1.2.2')).map((p) => p.fix)).toEqual([checkImageRelease(OGX_1_3, '1.2.2').errors[0].fix]);
  });

  test('0.8.1 on OGX_1_3: an error (another line), and generation refuses it', () => {
    const { errors } = checkImageRelease(OGX_1_3, '0.8.1');
    expect(errors).toEqual([{
      path: 'target',
      message: 'image tag "0.8.1" is not a release of the OGX 1.x line that OGX 1.3.0 writes configs for: that release reads another config schema',
      fix: 'use ServerTarget.OGX_0_8 for 0.8.1, or an image tag of this line (1.3.0)',
    }]);
    expect(generationProblems({}, OGX_1_3.withImageTag('0.8.1'))).toEqual(errors);
  });

  test('withImageTag("1.5.0") on OGX_0_8 is refused, on OGX_1_3 warned', () => {
    expect(generationProblems({}, ServerTarget.OGX_0_8.withImageTag('1.5.0'))[0].fix).toBe('use ServerTarget.OGX_1_3 for 1.5.0, or an image tag of this line (0.8.0)');
    expect(generateTargetConfig({}, OGX_1_3.withImageTag('1.5.0')).warnings.map((w) => w.path)).toEqual(['target']);
  });

  test('a tag that is not a version: a warning', () => {
    expect(checkImageRelease(OGX_1_3, 'latest').warnings[0].message).toMatch(/^image tag "latest" is not a release version/);
    expect(checkImageRelease(ServerTarget.OPERATOR, 'latest')).toEqual({ errors: [], warnings: [] });
  });
});
