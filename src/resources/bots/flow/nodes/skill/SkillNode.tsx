// A skill on the diagram: its name, its kind (icon and text) and, when it has no training phrase,
// the warning 'Sin frases de entrenamiento'; with 'Ver uso' on, how many sessions reached it and
// ended there, in numbers readable at the zoom the diagram opens at, over a thin bar. Links leave
// from the bottom handle and arrive at the top.
import { memo } from 'react';
import { Handle, Position, useStore, type Node, type NodeProps, type ReactFlowState } from '@xyflow/react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { SkillSummary } from '../../diagramModel';
import { usoFontPx, usoText, type SkillUso } from '../../skillUsage';
import { PathIcon, WARNING_PATH, tipoOf } from './skillTipo';

/** `uso` is present while 'Ver uso' is on. */
export type SkillNodeData = { skill: SkillSummary; uso?: SkillUso };
export type SkillFlowNode = Node<SkillNodeData, 'skill'>;

/** What a screen reader says for a node (React Flow puts it in the node's aria-label). */
export function skillAriaLabel(translate: TranslateFunction, skill: SkillSummary, uso?: SkillUso): string {
  const parts = [skill.nm, tipoOf(skill).label];
  if (skill.nFrases === 0) parts.push(translate('quipu.flujo.sinFrases'));
  if (uso) parts.push(usoText(uso).llegan, usoText(uso).terminan);
  return parts.join(', ');
}

const fontOfZoom = (state: ReactFlowState) => usoFontPx(state.transform[2]);

/** The numbers, sized for the zoom (only they follow it, so the rest of the node does not render again). */
function UsoNumbers({ uso }: { uso: SkillUso }) {
  const fontSize = useStore(fontOfZoom);
  return (
    <div className="quipu-skill__uso" style={{ fontSize }}>
      <span>{usoText(uso).llegan}</span>
      <span>{usoText(uso).terminan}</span>
      <span className="quipu-skill__uso-bar" style={{ width: `${Math.round(uso.share * 100)}%` }} aria-hidden="true" />
    </div>
  );
}

export const SkillNode = memo(function SkillNode({ data, selected }: NodeProps<SkillFlowNode>) {
  const translate = useTranslate();
  const { skill, uso } = data;
  const tipo = tipoOf(skill);
  return (
    <div className={`quipu-skill ${tipo.className}${selected ? ' quipu-skill--selected' : ''}${uso ? ' quipu-skill--uso' : ''}`}>
      <Handle type="target" position={Position.Top} />
      <div className="quipu-skill__name" title={skill.nm}>
        {skill.nm}
      </div>
      <div className="quipu-skill__tipo">
        <PathIcon path={tipo.path} />
        <span>{tipo.label}</span>
      </div>
      {skill.nFrases === 0 && (
        <div className="quipu-skill__warning">
          <PathIcon path={WARNING_PATH} />
          <span>{translate('quipu.flujo.sinFrases')}</span>
        </div>
      )}
      {uso && <UsoNumbers uso={uso} />}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
});
