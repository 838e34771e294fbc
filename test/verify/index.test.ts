/** The verify room's entry (src/verify/index.ts): the objects of a checked input, or its problems thrown at the edge. */
import { LlamaStackConfigError } from '../../src/core/errors';
import { renderVerification, verifyObjects } from '../../src/verify';
import { verifyInput } from '../support/verify-input';

test('verifyObjects renders a checked input as renderVerification does, without checking it again', () => {
  const input = verifyInput();
  expect(verifyObjects(input)).toEqual(renderVerification(input));
});

test('renderVerification checks first: a bad input is its problems, thrown once', () => {
  const bad = verifyInput({ serverPort: 70000 });
  expect(() => renderVerification(bad, 'props.verify')).toThrow(LlamaStackConfigError);
});
