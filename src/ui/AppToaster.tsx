import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { layers } from './layers.ts';
import { vars } from './theme.css.ts';
import { markToasterMounted } from '../lib/toast.ts';

/**
 * Toasts with the product's defaults (docs/product-rules.md#toasts): 4000 ms, at most 3 visible, 356 px wide, 14 px gap.
 * Those are also sonner's defaults; they are spelled out so a library upgrade cannot change them.
 */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;

export default function AppToaster() {
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_MAX}
      gap={TOAST_GAP_PX}
      closeButton
      richColors
      theme="light"
      style={{
        zIndex: layers.toast,
        ['--width' as string]: `${TOAST_WIDTH_PX}px`,
        // sonner's rich colours fall short of 4.5:1 contrast; the theme's own pairs meet it.
        ['--success-bg' as string]: vars.color.successSoft,
        ['--success-text' as string]: vars.color.success,
        ['--success-border' as string]: vars.color.success,
        ['--error-bg' as string]: vars.color.dangerSoft,
        ['--error-text' as string]: vars.color.danger,
        ['--error-border' as string]: vars.color.danger,
        ['--warning-bg' as string]: vars.color.warningSoft,
        ['--warning-text' as string]: vars.color.warning,
        ['--warning-border' as string]: vars.color.warning,
        ['--info-bg' as string]: vars.color.canvas,
        ['--info-text' as string]: vars.color.ink,
        ['--info-border' as string]: vars.color.lineStrong,
      }}
    />
  );
}
