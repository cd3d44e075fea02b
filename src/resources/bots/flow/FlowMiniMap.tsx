// The diagram's minimap: every skill as a small rectangle in its kind's colour, the part the canvas
// shows as a frame, and a click or a drag on it moves the view there. Ours rather than React Flow's
// <MiniMap>: that one is an SVG of one rectangle per node repainted on every frame of a zoom or a pan
// (about a fifth more main-thread time at 1,000 skills, bench/flow-editor.ts); here the rectangles are
// drawn once per diagram change on a canvas, and only the frame moves.
import { memo, useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { useReactFlow, useStore, type ReactFlowState } from '@xyflow/react';
import { useTranslate } from 'react-admin';
import { NODE_HEIGHT, NODE_WIDTH, type Diagram, type SkillSummary } from './diagramModel';
import { diagramBounds, fitFrame, toFlow, toMiniMap, viewOnMiniMap, type MiniMapFrame } from './miniMapModel';
import { tipoOf } from './nodes/skill/skillTipo';

const WIDTH = 200;
const HEIGHT = 150;

function draw(canvas: HTMLCanvasElement, diagram: Diagram, skills: ReadonlyMap<string, SkillSummary>, frame: MiniMapFrame) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = WIDTH * ratio;
  canvas.height = HEIGHT * ratio;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, WIDTH, HEIGHT);
  const width = Math.max(1, NODE_WIDTH * frame.scale);
  const height = Math.max(1, NODE_HEIGHT * frame.scale);
  for (const node of diagram.nodes) {
    const skill = skills.get(node.id);
    if (!skill) continue;
    const at = toMiniMap(frame, node);
    context.fillStyle = tipoOf(skill).color;
    context.fillRect(at.x, at.y, width, height);
  }
}

const selectView = (state: ReactFlowState) => state.transform;
const selectWidth = (state: ReactFlowState) => state.width;
const selectHeight = (state: ReactFlowState) => state.height;

/** The frame of what the canvas shows: the only part that changes while zooming or panning. */
function ViewFrame({ frame }: { frame: MiniMapFrame }) {
  const transform = useStore(selectView);
  const width = useStore(selectWidth);
  const height = useStore(selectHeight);
  const view = viewOnMiniMap(frame, transform, width, height);
  return <div className="quipu-minimap__view" style={{ left: view.x, top: view.y, width: view.width, height: view.height }} />;
}

export const FlowMiniMap = memo(function FlowMiniMap({ diagram, skills }: { diagram: Diagram; skills: ReadonlyMap<string, SkillSummary> }) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const rf = useReactFlow();
  const frame = useMemo(() => fitFrame(diagramBounds(diagram), WIDTH, HEIGHT), [diagram]);
  useEffect(() => {
    if (canvas.current) draw(canvas.current, diagram, skills, frame);
  }, [diagram, skills, frame]);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = toFlow(frame, { x: event.clientX - box.left, y: event.clientY - box.top });
    void rf.setCenter(at.x, at.y, { zoom: rf.getZoom() });
  };

  // Beside the canvas (or under it on a phone) rather than over it, so it never hides a skill.
  return (
    <div className="quipu-minimap__place">
      <div
        className="quipu-minimap"
        role="img"
        aria-label={translate('quipu.flujo.minimapa')}
        style={{ width: WIDTH, height: HEIGHT }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          moveTo(event);
        }}
        onPointerMove={(event) => {
          if (event.buttons === 1) moveTo(event);
        }}
      >
        <canvas ref={canvas} style={{ width: WIDTH, height: HEIGHT, display: 'block' }} />
        <ViewFrame frame={frame} />
      </div>
    </div>
  );
});
