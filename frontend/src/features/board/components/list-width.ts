/**
 * The width of a list column: w-80 (20rem; docs/product.md, "Board screen"), but never wider than a
 * phone's screen beside the side bar (5rem) and the canvas padding, so a list's own controls ("…")
 * stay on screen.
 */
export const LIST_WIDTH = 'w-[min(20rem,calc(100vw-7.5rem))]';
