import { onScopeDispose, shallowRef, watch, type Ref } from 'vue';

/**
 * Whether an element is (at least partly) in the viewport, followed with an
 * IntersectionObserver. True until the observer first says otherwise, and always where
 * there is no observer: what cannot be told to be off screen is treated as shown.
 */
export function useOnScreen(target: Ref<Element | null | undefined>): Readonly<Ref<boolean>> {
  const onScreen = shallowRef(true);
  if (typeof IntersectionObserver === 'undefined') return onScreen;
  const observer = new IntersectionObserver((entries) => {
    const last = entries.at(-1);
    if (last) onScreen.value = last.isIntersecting;
  });
  watch(
    target,
    (element, previous) => {
      if (previous) observer.unobserve(previous);
      if (element) observer.observe(element);
    },
    { immediate: true, flush: 'post' },
  );
  onScopeDispose(() => observer.disconnect());
  return onScreen;
}
