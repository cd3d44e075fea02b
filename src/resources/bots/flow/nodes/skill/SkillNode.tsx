// A skill on the diagram: its name, its kind (icon and text) and, when it has no training phrase,
// the warning 'Sin frases de entrenamiento'. Links leave from the bottom handle and arrive at the top.
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { SkillSummary } from '../../diagramModel';
import { FLOW_TEXTS } from '../../flowTexts';
import { PathIcon, WARNING_PATH, tipoOf } from './skillTipo';

export type SkillNodeData = { skill: SkillSummary };
export type SkillFlowNode = Node<SkillNodeData, 'skill'>;

/** What a screen reader says for a node (React Flow puts it in the node's aria-label). */
export function skillAriaLabel(skill: SkillSummary): string {
  const parts = [skill.nm, tipoOf(skill).label];
  if (skill.nFrases === 0) parts.push(FLOW_TEXTS.sinFrases);
  return parts.join(', ');
}

export const SkillNode = memo(function SkillNode({ data, selected }: NodeProps<SkillFlowNode>) {
  const { skill } = data;
  const tipo = tipoOf(skill);
  return (
    <div className={`quipu-skill ${tipo.className}${selected ? ' quipu-skill--selected' : ''}`}>
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
          <span>{FLOW_TEXTS.sinFrases}</span>
        </div>
      )}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
});
