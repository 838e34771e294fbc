/**
 * `StartupContext.once` works a fact out once per run (the document and the facts do not change
 * during one), and each run gets its own.
 */
import { ServerTarget } from '../../../src/releases/server-target';
import { StartupContext } from '../../../src/releases/startup/context';

function run(apis: string[]): StartupContext {
  const doc = { apis };
  return new StartupContext(ServerTarget.OGX_1_3._release, doc, { document: doc, findings: [], envAt: new Map(), origin: new WeakMap() }, {});
}

describe('StartupContext.once', () => {
  test('once per run, by the function that works it out; each run its own', () => {
    const calls: string[] = [];
    const count = (c: StartupContext) => { calls.push('count'); return (c.doc.apis as string[]).length; };
    const first = (c: StartupContext) => { calls.push('first'); return (c.doc.apis as string[])[0]; };
    const a = run(['inference', 'files']);
    const b = run(['files']);
    expect([a.once(count), a.once(count), a.once(first), b.once(count), b.once(first), a.once(first)]).toEqual([2, 2, 'inference', 1, 'files', 'inference']);
    expect(calls).toEqual(['count', 'first', 'count', 'first']);
  });

  test('listedApis: the apis list, undefined when it is empty or omitted', () => {
    expect(run(['inference', 'files']).listedApis).toEqual(['inference', 'files']);
    expect(run([]).listedApis).toBeUndefined();
  });
});
