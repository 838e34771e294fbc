/** VERIFY_DEFAULTS: the defaults the documented VerifyCheckOptions promise (their @default tags, which API.md shows). */
import * as fs from 'fs';
import * as path from 'path';
import { VERIFY_DEFAULTS } from '../../src/verify/input';

/** `@default <literal>` of each VerifyCheckOptions option, from the interface's doc comments. */
function documentedDefaults(): { literal: Map<string, unknown>; computed: string[] } {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'verify', 'input.ts'), 'utf8');
  const body = /export interface VerifyCheckOptions \{([\s\S]*?)\n\}/.exec(text)![1];
  const literal = new Map<string, unknown>();
  const computed: string[] = [];
  for (const m of body.matchAll(/@default ([^\n]*)\n\s*\*\/\s*readonly (\w+)\?/g)) {
    const value = m[1].trim();
    if (value.startsWith('-')) computed.push(m[2]);
    else literal.set(m[2], JSON.parse(value));
  }
  return { literal, computed };
}

describe('VERIFY_DEFAULTS', () => {
  test('each is the @default its option documents, and every literal @default has one', () => {
    const { literal, computed } = documentedDefaults();
    expect(literal.size).toBeGreaterThan(0);
    expect(Object.fromEntries(literal)).toEqual(VERIFY_DEFAULTS);
    for (const k of computed) expect(VERIFY_DEFAULTS).not.toHaveProperty(k);
  });

  test('the costly checks are off by default, the free diagnosis on', () => {
    // A chat completion and a vector store cost the provider calls and write data: opt-in.
    expect(VERIFY_DEFAULTS.llmCompletion).toBe(false);
    expect(VERIFY_DEFAULTS.vectorStore).toBe(false);
    expect(VERIFY_DEFAULTS.probeProviders).toBe(true);
  });

  test('the health wait is longer than one request', () => {
    expect(VERIFY_DEFAULTS.readyWaitSeconds).toBeGreaterThan(VERIFY_DEFAULTS.timeoutSeconds);
  });
});
