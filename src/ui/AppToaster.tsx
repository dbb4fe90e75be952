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

/** sonner's variables for one tone's background, text and border. */
function toneVars(tone: 'success' | 'error' | 'warning' | 'info', bg: string, text: string, border: string): Record<string, string> {
  return { [`--${tone}-bg`]: bg, [`--${tone}-text`]: text, [`--${tone}-border`]: border };
}

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
        ...toneVars('success', vars.color.successSoft, vars.color.success, vars.color.success),
        ...toneVars('error', vars.color.dangerSoft, vars.color.danger, vars.color.danger),
        ...toneVars('warning', vars.color.warningSoft, vars.color.warning, vars.color.warning),
        ...toneVars('info', vars.color.canvas, vars.color.ink, vars.color.lineStrong),
      }}
    />
  );
}
