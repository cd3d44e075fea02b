// The node types of the flow diagram: one folder each, one line here (like Dify's node registry).
import type { NodeTypes } from '@xyflow/react';
import { SkillNode } from './skill/SkillNode';

export const NODE_TYPES = { skill: SkillNode } satisfies NodeTypes;
