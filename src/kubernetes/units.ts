/**
 * cdk8s's `Size` and `Duration` and cdk8s-plus's `Cpu` as the props take them, and the strings
 * Kubernetes objects carry for them: `Size.gibibytes(10)` → `10Gi`, `Cpu.millis(500)` → `500m`,
 * `Cpu.units(2)` → `2`, `Duration.minutes(10)` → `10m` (the largest whole unit: `ms`, `s`, `m`,
 * `h` or `d`, which Prometheus and the OpenShift router both read). A value is recognised by the
 * jsii type name its class carries (`Symbol.for('jsii.rtti')`), not by `instanceof`: an app may
 * load two copies of cdk8s. Only types are imported, so the command line's bundle, which leaves
 * cdk8s-plus out, never loads it.
 */
import type { Duration, Size } from 'cdk8s';
import type { Cpu } from 'cdk8s-plus-28';
import { parseQuantity } from './quantity';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { describeValue, Shape } from '../core/shape';
import { QUANTITY } from '../core/struct-check';

const JSII_RTTI = Symbol.for('jsii.rtti');

/** The jsii type name of an object's class (`cdk8s.Size`), read without calling user code. */
function jsiiTypeName(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  try {
    const proto: unknown = Object.getPrototypeOf(v);
    if (typeof proto !== 'object' || proto === null) return undefined;
    const ctor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
    if (typeof ctor !== 'function') return undefined;
    const rtti: unknown = Object.getOwnPropertyDescriptor(ctor, JSII_RTTI)?.value;
    const fqn: unknown = typeof rtti === 'object' && rtti !== null ? Object.getOwnPropertyDescriptor(rtti, 'fqn')?.value : undefined;
    return typeof fqn === 'string' ? fqn : undefined;
  } catch {
    return undefined; // a Proxy whose traps throw
  }
}

/** A cdk8s `Size` (from any copy of cdk8s). */
export function isSize(v: unknown): v is Size {
  return jsiiTypeName(v) === 'cdk8s.Size';
}

/** A cdk8s `Duration` (from any copy of cdk8s). */
export function isDuration(v: unknown): v is Duration {
  return jsiiTypeName(v) === 'cdk8s.Duration';
}

/** A cdk8s-plus `Cpu` (from any copy of cdk8s-plus-28). */
export function isCpu(v: unknown): v is Cpu {
  return jsiiTypeName(v) === 'cdk8s-plus-28.Cpu';
}

/** The quantity of a Size as written (`10Gi`, `512Mi`, `0.5Gi`). */
export function sizeQuantity(size: Size): string {
  return size.asString();
}

/** The quantity of a Cpu as written (`500m`, `2`). */
export function cpuQuantity(cpu: Cpu): string {
  return cpu.amount;
}

/** Milliseconds per unit, the largest first. */
const DURATION_UNITS: readonly [string, number][] = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000], ['ms', 1]];

/** A Duration in its largest whole unit (`Duration.seconds(600)` → `10m`); a positive whole number of milliseconds. */
export function durationString(duration: Duration): string {
  const ms = duration.toMilliseconds({ integral: false });
  const [unit, per] = DURATION_UNITS.find(([, n]) => ms % n === 0)!;
  return `${ms / per}${unit}`;
}

/** A value's rendering, read once; undefined when it throws or is not a string (a tampered value). */
function rendered(render: () => unknown): string | undefined {
  try {
    const text = render();
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

function quantityShape(what: string, test: (v: unknown) => boolean, render: (v: any) => string, fix: string): Shape {
  return {
    expected: what,
    fix,
    libraryObjects: true,
    check(v, path, problems: ConfigProblem[]) {
      if (!test(v)) {
        problems.push({ path, message: `must be ${what}, got ${describeValue(v)}`, fix });
        return false;
      }
      const text = rendered(() => render(v));
      if (text === undefined || !QUANTITY.test(text) || parseQuantity(text) === undefined) {
        const shown = text === undefined ? 'a value that cannot be read' : quoteValue(text);
        problems.push({ path, message: `is ${shown}, not a Kubernetes quantity (a finite amount, written without an exponent)`, fix });
        return false;
      }
      return true;
    },
  };
}

/** A cdk8s `Size` whose quantity the API server parses. */
export const SIZE: Shape = quantityShape('a Size', isSize, sizeQuantity, 'use Size.gibibytes(10) or Size.mebibytes(512) (from cdk8s)');

/** A cdk8s-plus `Cpu` whose quantity the API server parses. */
export const CPU: Shape = quantityShape('a Cpu', isCpu, cpuQuantity, 'use Cpu.units(2) or Cpu.millis(500) (from cdk8s-plus-28)');

/** A cdk8s `Duration` of a positive whole number of milliseconds. */
export const DURATION: Shape = {
  expected: 'a Duration',
  fix: 'use Duration.seconds(30) or Duration.minutes(10) (from cdk8s)',
  libraryObjects: true,
  check(v, path, problems) {
    if (!isDuration(v)) {
      problems.push({ path, message: `must be a Duration, got ${describeValue(v)}`, fix: this.fix });
      return false;
    }
    const ms = rendered(() => String(v.toMilliseconds({ integral: false })));
    const n = ms === undefined ? NaN : Number(ms);
    if (!Number.isSafeInteger(n) || n <= 0) {
      problems.push({ path, message: `must be a positive whole number of milliseconds, got ${ms ?? 'a value that cannot be read'}`, fix: this.fix });
      return false;
    }
    return true;
  },
};
