// A saved card: as the client sees it.
import type { AccionViewProps } from '../accionKind';
import { CardPreview } from '../AccionViewParts';

export function CardView({ accion }: AccionViewProps) {
  return <CardPreview imageUrl={accion.imageUrl} title={accion.title} subtitle={accion.subTitle} invalidOption={accion.invalidOption} buttons={accion.buttons} />;
}
