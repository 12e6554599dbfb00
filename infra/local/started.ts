/** One piece of infrastructure: reused (someone else runs it) or started by us (we stop it). */
export interface Started {
  name: 'postgres' | 'redis' | 'kafka';
  started: boolean;
  address: string;
}
