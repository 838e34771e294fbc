/** The verify room's entry (src/verify/index.ts): the objects of an input the checks pass. */
import { verificationProblems, verifyObjects } from '../../src/verify';
import { verifyInput } from '../support/verify-input';

test('verifyObjects renders a checked input: the ConfigMap, the Job, the suspended CronJob and the NetworkPolicy pieces', () => {
  const input = verifyInput();
  expect(verificationProblems(input)).toEqual([]);
  const objects = verifyObjects(input);
  expect(Object.keys(objects)).toEqual(['configMap', 'job', 'cronJob', 'network', 'plan']);
  expect([objects.configMap.kind, objects.job.kind, objects.cronJob?.kind]).toEqual(['ConfigMap', 'Job', 'CronJob']);
});

test('without manual runs there is no CronJob', () => {
  expect(verifyObjects(verifyInput({ options: { manualRuns: false } })).cronJob).toBeUndefined();
});
