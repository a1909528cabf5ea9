import { inject } from 'vitest';

/** Publishes a TXT record on the journeys' DNS server (global-setup.ts), as a seller does at their DNS host. */
export async function publishTxt(name: string, ...txt: string[]): Promise<void> {
  const res = await fetch(inject('dnsControl'), { method: 'POST', body: JSON.stringify({ name, txt }) });
  if (res.status !== 204) throw new Error(`DNS control: ${res.status} ${await res.text()}`);
}

/** Removes a name's TXT records (its proof disappears). */
export async function removeTxt(name: string): Promise<void> {
  const res = await fetch(inject('dnsControl'), { method: 'POST', body: JSON.stringify({ name, remove: true }) });
  if (res.status !== 204) throw new Error(`DNS control: ${res.status} ${await res.text()}`);
}
