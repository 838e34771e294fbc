/**
 * cdk8s's Size and Duration and cdk8s-plus's Cpu: recognised by their jsii type name (two copies
 * of cdk8s work together, a look-alike does not), and written as the strings Kubernetes reads.
 */
import { Duration, Size } from 'cdk8s';
import { Cpu } from 'cdk8s-plus-28';
import { ConfigProblem } from '../../src/core/errors';
import { cpuQuantity, CPU, DURATION, durationString, isCpu, isDuration, isSize, SIZE, sizeQuantity } from '../../src/kubernetes/units';

function problems(shape: typeof SIZE, value: unknown): string[] {
  const found: ConfigProblem[] = [];
  const ok = shape.check(value, 'props.x', found);
  expect(ok).toBe(found.length === 0);
  return found.map((p) => `${p.path}: ${p.message} — ${p.fix}`);
}

describe('recognised by the class\'s jsii type name', () => {
  test('each class, and not the others', () => {
    expect([isSize(Size.gibibytes(1)), isSize(Duration.seconds(1)), isSize(Cpu.units(1))]).toEqual([true, false, false]);
    expect([isDuration(Duration.seconds(1)), isDuration(Size.gibibytes(1))]).toEqual([true, false]);
    expect([isCpu(Cpu.millis(5)), isCpu(Size.gibibytes(1))]).toEqual([true, false]);
  });

  test('a look-alike, a plain object, a string and a Proxy whose traps throw are not', () => {
    const lookAlike = { amount: 10, unit: { abbr: 'Gi' }, asString: () => '10Gi' };
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error('no'); } });
    for (const v of [lookAlike, { ...Size.gibibytes(1) }, '10Gi', 10, null, undefined, hostile]) expect(isSize(v)).toBe(false);
  });

  test('a Size of another copy of cdk8s is a Size', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const copy: typeof import('cdk8s') = require('cdk8s');
      expect(copy.Size).not.toBe(Size);
      expect(isSize(copy.Size.mebibytes(3))).toBe(true);
      expect(isDuration(copy.Duration.minutes(3))).toBe(true);
    });
  });
});

describe('written as Kubernetes reads them', () => {
  test.each([
    [Size.kibibytes(512), '512Ki'], [Size.mebibytes(512), '512Mi'], [Size.gibibytes(10), '10Gi'], [Size.gibibytes(1.5), '1.5Gi'],
    [Size.tebibytes(2), '2Ti'], [Size.pebibyte(1), '1Pi'],
  ])('%p → %p', (size, written) => expect(sizeQuantity(size)).toBe(written));

  test.each([[Cpu.millis(500), '500m'], [Cpu.units(2), '2'], [Cpu.units(0.5), '0.5']])('%p → %p', (cpu, written) => expect(cpuQuantity(cpu)).toBe(written));

  test.each([
    [Duration.millis(250), '250ms'], [Duration.seconds(30), '30s'], [Duration.seconds(90), '90s'], [Duration.seconds(600), '10m'],
    [Duration.minutes(90), '90m'], [Duration.minutes(120), '2h'], [Duration.hours(48), '2d'], [Duration.millis(1500), '1500ms'],
    [Duration.parse('PT10M'), '10m'],
  ])('%p → %p (the largest whole unit)', (duration, written) => expect(durationString(duration)).toBe(written));
});

describe('the shapes of the props boundary', () => {
  test('a value of the class, written as a quantity, passes', () => {
    expect(problems(SIZE, Size.gibibytes(10))).toEqual([]);
    expect(problems(CPU, Cpu.millis(250))).toEqual([]);
    expect(problems(DURATION, Duration.minutes(10))).toEqual([]);
  });

  test('a string is refused with the typed form', () => {
    expect(problems(SIZE, '10Gi')).toEqual(['props.x: must be a Size, got a string of 4 characters — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)']);
    expect(problems(CPU, '500m')).toEqual(['props.x: must be a Cpu, got a string of 4 characters — use Cpu.units(2) or Cpu.millis(500) (from cdk8s-plus-28)']);
    expect(problems(DURATION, '30s')).toEqual(['props.x: must be a Duration, got a string of 3 characters — use Duration.seconds(30) or Duration.minutes(10) (from cdk8s)']);
  });

  test('a value of the class that Kubernetes could not read is refused', () => {
    expect(problems(SIZE, Size.gibibytes(Infinity))).toEqual([
      'props.x: is "InfinityGi", not a Kubernetes quantity (a finite amount, written without an exponent) — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
    ]);
    expect(problems(CPU, Cpu.millis(1e-7))).toEqual([
      'props.x: is "1e-7m", not a Kubernetes quantity (a finite amount, written without an exponent) — use Cpu.units(2) or Cpu.millis(500) (from cdk8s-plus-28)',
    ]);
    expect(problems(DURATION, Duration.seconds(0))).toEqual([
      'props.x: must be a positive whole number of milliseconds, got 0 — use Duration.seconds(30) or Duration.minutes(10) (from cdk8s)',
    ]);
    expect(problems(DURATION, Duration.millis(0.25))).toEqual([
      'props.x: must be a positive whole number of milliseconds, got 0.25 — use Duration.seconds(30) or Duration.minutes(10) (from cdk8s)',
    ]);
  });

  test('a Size whose rendering throws (its prototype tampered with) is a problem, not a TypeError', () => {
    const size = Size.gibibytes(1);
    Object.defineProperty(size, 'asString', { value: () => { throw new TypeError('boom'); } });
    expect(problems(SIZE, size)).toEqual([
      'props.x: is a value that cannot be read, not a Kubernetes quantity (a finite amount, written without an exponent) — use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)',
    ]);
  });
});
