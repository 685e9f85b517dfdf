import { defineAsyncComponent, ref } from 'vue';

/**
 * The editors as the list page uses them: their code (Markdown, media tools) loads when
 * one is first opened, not with every list.
 */
export const PostEditor = defineAsyncComponent(() => import('./PostEditor.vue'));
export const UserEditor = defineAsyncComponent(() => import('./UserEditor.vue'));

/**
 * An editor's drawer: `show` opens and closes it; `mounted` turns true at the first open
 * and stays so (no editor code loads before, and it closes with its transition after).
 */
export function useEditorDrawer() {
  const show = ref(false);
  const mounted = ref(false);
  function openDrawer() {
    mounted.value = true;
    show.value = true;
  }
  return { show, mounted, openDrawer };
}
