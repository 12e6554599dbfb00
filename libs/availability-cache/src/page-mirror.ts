import type { AvailabilityCacheStore } from './availability-cache-store';

interface HeldPage {
  body: Buffer;
  expiresAtMs: number;
}

/**
 * A process's own copy of cached pages, as bytes, under their versioned keys. Each read still asks
 * Redis for the city's version (a few bytes), so a booking change is seen exactly as without the
 * copy; what the copy saves is moving and re-encoding the page (tens of KiB) on every hit, which
 * was most of the gateway's garbage. A copy lives no longer than the page had left in Redis.
 */
export class PageMirror {
  private readonly pages = new Map<string, HeldPage>();

  constructor(
    private readonly store: AvailabilityCacheStore,
    private readonly capacity = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async read(city: string, parts: string[]): Promise<Buffer | null> {
    const key = await this.store.currentKey(city, parts);
    const held = this.pages.get(key);
    if (held && this.now() < held.expiresAtMs) return held.body;
    this.pages.delete(key);
    const fetched = await this.store.readBytes(key);
    if (fetched === null) return null;
    if (this.pages.size >= this.capacity) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { body: fetched.body, expiresAtMs: this.now() + fetched.ttlMs });
    return fetched.body;
  }
}
