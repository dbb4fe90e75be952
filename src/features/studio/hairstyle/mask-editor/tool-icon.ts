/** The mask editor's toolbar icons: a little larger and lighter than the app's 20 px line icons. */
export const TOOL_ICON = { size: 22, strokeWidth: 1.75 } as const;
