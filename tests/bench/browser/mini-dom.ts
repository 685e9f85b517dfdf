/**
 * The few DOM types the bench's in-page callbacks use. The bench is type-checked with
 * Node's types only (no DOM library, which would leak into every Node zone), so each
 * callback takes these from `globalThis` with a cast; they are types only and vanish
 * from the serialized function.
 */
export interface MiniElement {
  readonly textContent: string | null;
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): MiniElement | null;
  querySelectorAll(selector: string): ArrayLike<MiniElement> & Iterable<MiniElement>;
  click(): void;
}

export interface MiniMutationObserver {
  observe(target: MiniElement, options: Record<string, boolean>): void;
  disconnect(): void;
}

export interface MiniDom {
  readonly document: { querySelector(selector: string): MiniElement | null; querySelectorAll(selector: string): ArrayLike<MiniElement> & Iterable<MiniElement> };
  readonly location: { hash: string };
  requestAnimationFrame(callback: (time: number) => void): number;
  readonly MutationObserver: new (callback: () => void) => MiniMutationObserver;
}
