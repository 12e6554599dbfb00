import type { AvailabilityCacheStore } from './availability-cache-store';

interface HeldPage {
  version: string;
  body: Buffer;
  expiresAtMs: number;
}

/**
 * A process's own copy of cached pages, as bytes, with the city version each was read under.
 * Each read still asks Redis for the city's version (one round trip, which also brings the page
 * when the copy is missing or old), so a booking change is seen exactly as without the copy; what
 * the copy saves is moving and re-encoding the page (tens of KiB) on every hit, which was most of
 * the gateway's garbage. A copy lives no longer than the page had left in Redis.
 */
export class PageMirror {
  private readonly pages = new Map<string, HeldPage>();

  constructor(
    private readonly store: AvailabilityCacheStore,
    private readonly capacity = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async read(city: string, parts: string[]): Promise<Buffer | null> {
    const slot = `${city}\n${parts.join(':')}`;
    const held = this.pages.get(slot);
    const usable = held && this.now() < held.expiresAtMs ? held : undefined;
    const answer = await this.store.read(city, parts, usable?.version);
    if (usable && answer.page === undefined) return usable.body;
    this.pages.delete(slot);
    if (!answer.page) return null;
    if (this.pages.size >= this.capacity) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(slot, {
      version: answer.version,
      body: answer.page.body,
      expiresAtMs: this.now() + answer.page.ttlMs,
    });
    return answer.page.body;
  }
}
