import type { ResourceVersion } from '../../resources/domain/resource';

/** A resource's view (`ResourceView`) as JSON text, for the row version it was made from. */
export interface ResourceViewJson extends ResourceVersion {
  json: string;
}

/**
 * The JSON views of recently found resources, so that a search page is joined from text instead
 * of reading, parsing and serializing every column of every resource each time. An entry is used
 * only for the row version it was made from, so an updated resource is never shown as it was.
 * Least recently used entries go first once `capacity` is reached.
 */
export class ResourceViewCache {
  private readonly views = new Map<string, ResourceViewJson>();

  constructor(private readonly capacity: number) {}

  /**
   * The views of `found`, in its order; those not held for their version come from `load` in one
   * call. A resource that `load` no longer returns is left out; one it returns in a newer
   * version is shown as it is now.
   */
  async viewsOf(
    found: readonly ResourceVersion[],
    load: (resourceIds: string[]) => Promise<ResourceViewJson[]>,
  ): Promise<string[]> {
    const stale = new Set(
      found
        .filter(({ resourceId, version }) => this.views.get(resourceId)?.version !== version)
        .map((row) => row.resourceId),
    );
    const loaded = new Map<string, ResourceViewJson>();
    if (stale.size > 0) {
      for (const view of await load([...stale])) loaded.set(view.resourceId, view);
    }
    const json: string[] = [];
    for (const { resourceId } of found) {
      const view = stale.has(resourceId) ? loaded.get(resourceId) : this.views.get(resourceId);
      if (!view) continue;
      this.remember(view);
      json.push(view.json);
    }
    return json;
  }

  get size(): number {
    return this.views.size;
  }

  private remember(view: ResourceViewJson): void {
    // A Map iterates in insertion order: re-inserting keeps the oldest use first.
    this.views.delete(view.resourceId);
    this.views.set(view.resourceId, view);
    if (this.views.size > this.capacity) this.views.delete(this.views.keys().next().value!);
  }
}
