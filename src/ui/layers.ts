/**
 * The layering scale (docs/product-rules.md#layers) as named z-index tokens. Every stacking decision in the app
 * uses one of these names; never write a bare z-index.
 */
export const layers = {
  behind: -1,
  base: 0,
  content: 10,
  card: 20,
  sticky: 30,
  header: 50,
  navigation: 55,
  chatHeader: 60,
  chatScrollButton: 65,
  tooltip: 70,
  historyOverlay: 80,
  historyPanel: 85,
  modalBackdrop: 90,
  modal: 95,
  dropdown: 9000,
  dropdownSubmenu: 9001,
  dropdownOverlay: 9002,
  dropdownTop: 9003,
  toast: 9100,
  portalDropdown: 9900,
  maximum: 9999,
} as const;

export type Layer = keyof typeof layers;
