/**
 * A bounded map that forgets the least recently used key first: a Map keeps insertion order, so
 * a read moves its key to the end and the first key is always the oldest use. The blog's rendered
 * pages (./pages.ts) and its preview images (./preview-images.ts) are kept in one.
 */
export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  /** `limit`: the most entries kept. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: K): V | undefined {
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  /** Every entry, oldest use first (deleting while iterating is safe). */
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.#entries.entries();
  }

  get size(): number {
    return this.#entries.size;
  }
}
