/**
 * `instanceof` that holds across copies of a module. Each part loaded on first use (dist/render.js,
 * dist/loopback.js…) is bundled with its own copy of the classes it imports, so an error made by the
 * main file's copy is not an instance of the part's copy by class object. A mark shared by every
 * copy (a registered symbol) says what an object is instead.
 */
export interface BundleMark {
  /** Marks `target` (a constructor calls this on `this`). */
  set(target: object): void;
  /** Whether `value` was marked, by any copy. For `static [Symbol.hasInstance]`. */
  has(value: unknown): boolean;
}

/** The mark named `name` (one of ids.ts's MARKS). */
export function bundleMark(name: string): BundleMark {
  const key = Symbol.for(name);
  return {
    set: (target) => Object.defineProperty(target, key, { value: true }),
    has: (value) => typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[key] === true,
  };
}
