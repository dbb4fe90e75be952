import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Tool } from './mask-model.ts';

/**
 * The mask editor's keys: B brush, E eraser, [ and ] the brush size, Ctrl+Z undo, Ctrl+Shift+Z
 * and Ctrl+Y redo. On the window, so they work wherever the focus is, except while typing and
 * in a dialog over the editor.
 */

export interface MaskCommands {
  undo: () => void;
  redo: () => void;
  changeSize: (direction: 1 | -1) => void;
  setTool: (tool: Tool) => void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName !== 'INPUT') return false;
  return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes((target as HTMLInputElement).type);
}

export function useMaskShortcuts(root: RefObject<HTMLElement | null>, commands: MaskCommands): void {
  // The latest commands for the window's key listener, which is added once.
  const latest = useRef(commands);
  useLayoutEffect(() => {
    latest.current = commands;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || isTyping(event.target)) return;
      // A dialog over the editor owns the keyboard.
      const dialog = event.target instanceof Element ? event.target.closest('dialog, [role="dialog"], [role="alertdialog"]') : null;
      if (dialog && root.current && !dialog.contains(root.current)) return;
      const key = event.key.toLowerCase();
      const current = latest.current;
      if (event.ctrlKey || event.metaKey) {
        if (key === 'z') current[event.shiftKey ? 'redo' : 'undo']();
        else if (key === 'y') current.redo();
        else return;
      } else if (key === 'b') current.setTool('brush');
      else if (key === 'e') current.setTool('eraser');
      else if (key === '[') current.changeSize(-1);
      else if (key === ']') current.changeSize(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [root]);
}
