/**
 * A number per object, for cache keys that must tell objects apart by identity (a release, a
 * target's table), never by content. Held weakly: an object no longer used takes its number along.
 */
export class ObjectIds<T extends object> {
  private readonly ids = new WeakMap<T, number>();
  private next = 0;

  /** The object's number, the same every time it is asked. */
  of(o: T): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, id = this.next++);
    return id;
  }
}
