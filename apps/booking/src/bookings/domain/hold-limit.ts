import type { Resource } from '../../resources/domain/resource';

/**
 * How many of a request's `held` bookings count against the customer's hold limit: all of them
 * where the resource says its bookings count (`holdLimit`), none elsewhere.
 */
export function countedHolds(resource: Pick<Resource, 'holdLimit' | 'depositAmount'>, held: number): number {
  switch (resource.holdLimit) {
    case 'all':
      return held;
    case 'deposit':
      return resource.depositAmount > 0 ? held : 0;
    case 'none':
      return 0;
  }
}
