/** Where this deployment's API and identity provider are: `/config.json`, replaced per deployment. */
export interface WebConfig {
  apiUrl: string;
  issuer: string;
  clientId: string;
}

export async function loadConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return (await response.json()) as WebConfig;
}
