// React Flow's own screen-reader texts, in Spanish.
import type { AriaLabelConfig } from '@xyflow/react';

const DIRECTIONS: Record<string, string> = { up: 'arriba', down: 'abajo', left: 'la izquierda', right: 'la derecha' };

export const ARIA_LABELS: Partial<AriaLabelConfig> = {
  'node.a11yDescription.default': 'Enter abre el skill. Espacio lo selecciona, las flechas mueven los skills seleccionados y Supr elimina la selección.',
  'node.a11yDescription.keyboardDisabled': 'Enter abre el skill. Espacio lo selecciona.',
  'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => `Skill movido hacia ${DIRECTIONS[direction] ?? direction}. Nueva posición: x ${x}, y ${y}`,
  'edge.a11yDescription.default': 'Espacio selecciona el enlace; Supr lo elimina.',
  'controls.ariaLabel': 'Controles del diagrama',
  'controls.zoomIn.ariaLabel': 'Acercar',
  'controls.zoomOut.ariaLabel': 'Alejar',
  'controls.fitView.ariaLabel': 'Ajustar',
  'controls.interactive.ariaLabel': 'Bloquear o desbloquear el diagrama',
  'minimap.ariaLabel': 'Minimapa del diagrama',
  'handle.ariaLabel': 'Punto de enlace',
};
