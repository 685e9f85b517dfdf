import { useThemeVars } from 'naive-ui';
import { watchEffect } from 'vue';

/**
 * The theme's colours as CSS variables on the document root, for screens shown without
 * the app shell (the first run), which sets the same ones itself.
 */
export function useThemeVariables(): void {
  const vars = useThemeVars();
  watchEffect(() => {
    const v = vars.value;
    const map: Record<string, string> = {
      '--bg': v.bodyColor,
      '--surface': v.cardColor,
      '--text': v.textColor1,
      '--text-2': v.textColor2,
      '--muted': v.textColor3,
      '--border': v.dividerColor,
      '--hover': v.hoverColor,
      '--primary': v.primaryColor,
      '--selected': `${v.primaryColor}22`,
      '--error': v.errorColor,
    };
    for (const [name, value] of Object.entries(map)) document.documentElement.style.setProperty(name, value);
  });
}
