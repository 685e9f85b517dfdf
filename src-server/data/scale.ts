/** `demo` (a few hundred rows, quick to browse), `large`, or a fraction of large. */
export type Scale = 'demo' | 'large' | number;

/** The size of one list at a scale: its demo size, or its large size times the fraction. */
export function sizeAt(scale: Scale, demo: number, large: number): number {
  if (scale === 'demo') return demo;
  const fraction = scale === 'large' ? 1 : scale;
  return Math.max(demo, Math.round(large * fraction));
}

export function parseScale(text: string): Scale {
  if (text === 'demo' || text === 'large') return text;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > 1) {
    throw new Error(`scale must be demo, large or a fraction of large in (0, 1]; got "${text}"`);
  }
  return value;
}
