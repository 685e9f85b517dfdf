/** The date picker alone, for a lazy import (see lazy-components.ts). */
export { NDatePicker as default } from 'naive-ui';
