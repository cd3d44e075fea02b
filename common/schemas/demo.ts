// GET /demo/pedido: made-up orders that the demo bot 'Asistente Quipu' looks up through its webhook.
import { Type, type Static } from 'typebox';
import { MESSAGE_KEYWORD, literals } from './common';

/** The demo bot's name: the seed creates it, and the demo lookup answers its webhook. */
export const ASISTENTE_BOT = 'Asistente Quipu';

export const DEMO_MESSAGES = {
  codigoRequerido: 'Indique el código del pedido',
  codigoInvalido: 'El código de pedido no es válido: debe tener la forma Q-12345',
  noEncontrado: 'Pedido no encontrado',
  imagenNoEncontrada: 'Imagen no encontrada',
} as const;

/** Q, a dash and five digits; lower case is read as upper. */
export const ORDER_CODE = /^Q-(\d{5})$/i;

export const PedidoQuery = Type.Object({
  codigo: Type.String({ maxLength: 40, pattern: '\\S', [MESSAGE_KEYWORD]: DEMO_MESSAGES.codigoRequerido }),
});
export type PedidoQuery = Static<typeof PedidoQuery>;

export const PEDIDO_ESTADOS = ['en preparación', 'en camino', 'entregado'] as const;

export const Pedido = Type.Object({
  codigo: Type.String(),
  estado: literals(PEDIDO_ESTADOS),
  /** Delivery date, DD/MM/YYYY: past when delivered, else expected. */
  entrega: Type.String(),
});
export type Pedido = Static<typeof Pedido>;
