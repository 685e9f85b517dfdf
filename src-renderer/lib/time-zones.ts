/** IANA time zones the runtime knows, for the date pickers; the local zone first. */
export function timeZoneOptions(): { label: string; value: string }[] {
  const local = localTimeZone();
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [local, 'UTC'];
  const zones = [local, ...all.filter((z) => z !== local)];
  if (!zones.includes('UTC')) zones.push('UTC');
  return zones.map((z) => ({ label: z.replace(/_/g, ' '), value: z }));
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
