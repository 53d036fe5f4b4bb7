import {
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { UI } from '@papan/shared';
import type { PointerEvent } from 'react';

const step = UI.keyboardDragStepPx;
const moves: Record<string, { x: number; y: number }> = {
  [KeyboardCode.Right]: { x: step, y: 0 },
  [KeyboardCode.Left]: { x: -step, y: 0 },
  [KeyboardCode.Down]: { x: 0, y: step },
  [KeyboardCode.Up]: { x: 0, y: -step },
};

/** Arrow keys move a dragged item in 25 px steps (docs/product.md, "Board screen"). */
const stepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const move = moves[event.code];
  if (!move) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + move.x, y: currentCoordinates.y + move.y };
};

/**
 * Mouse and pen through pointer events; fingers are left to the touch sensor below, whose
 * press-and-hold keeps a swipe free to scroll the board.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (
        event: PointerEvent,
        options: Parameters<(typeof PointerSensor.activators)[0]['handler']>[1],
      ) => event.nativeEvent.pointerType !== 'touch' && PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

/**
 * The drag rules (docs/product.md, "Board screen"): a drag starts after 5 px of movement; keyboard
 * drags start with Space or Enter, end with Space, Enter or Tab and are cancelled by Escape.
 * (dnd-kit's sensors themselves cancel a drag when the window is resized or hidden.)
 */
export function useBoardSensors() {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: UI.dragActivationPx } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: UI.dragActivationPx } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: stepCoordinates,
      // Past the middle of the board, arrows scroll it; a smooth scroll restarted by every key
      // press would barely move, so each press scrolls one step at once.
      scrollBehavior: 'auto',
      keyboardCodes: {
        start: [KeyboardCode.Space, KeyboardCode.Enter],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter, KeyboardCode.Tab],
      },
    }),
  );
}
