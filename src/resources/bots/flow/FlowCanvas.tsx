// The diagram itself: React Flow drawing the skills (only the visible ones), its toolbar, the
// minimap, the keyboard (Tab, Enter, Supr, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y) and the two dialogs.
// Nodes live in local state while they are dragged; a finished move, a link, a deletion or a
// layout is written to the form through useFlowDiagram.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  ReactFlow,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type FitViewOptions,
  type NodeChange,
} from '@xyflow/react';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { noticeText } from '../../../layout/noticeText';
import { useEditorFormSave } from '../../../layout/unsavedChanges';
import { AddSkillDialog } from './AddSkillDialog';
import { DeleteSelectionDialog, type Selection } from './DeleteSelectionDialog';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  addLink,
  addNode,
  linksGoing,
  moveNodes,
  placeNear,
  removeElements,
  type Diagram,
  type DiagramEdge,
  type Point,
  type SkillSummary,
} from './diagramModel';
import { ARIA_LABELS } from './flowA11y';
import { selectedIds, syncEdges, syncNodes, type LinkFlowEdge } from './flowElements';
import { FlowMiniMap } from './FlowMiniMap';
import { FlowSearch } from './FlowSearch';
import { FlowToolbar, type ToolbarActions } from './FlowToolbar';
import { FlowUsage } from './FlowUsage';
import { focusWhenDrawn } from './focusNode';
import { layoutDiagram } from './layoutRunner';
import { OPENING_MIN_ZOOM, type SkillUso, type UsageMap } from './skillUsage';
import { NODE_TYPES } from './nodes';
import { skillAriaLabel, type SkillFlowNode } from './nodes/skill/SkillNode';
import { useFlowDiagram } from './useFlowDiagram';
import { useFlowKeyboard } from './useFlowKeyboard';
import { useFullScreen } from './useFullScreen';
import { useSkillsCache } from './useSkills';

// On opening and after a layout the view fits the diagram but never zooms out past 0.5: a large bot
// then shows its middle, readable, instead of drawing all its nodes at once. 'Ajustar' fits everything.
const INITIAL_FIT: FitViewOptions<SkillFlowNode> = { minZoom: OPENING_MIN_ZOOM, maxZoom: 1 };
const FIT: FitViewOptions<SkillFlowNode> = { minZoom: 0.05, maxZoom: 1, duration: 200 };
const EDGE_OPTIONS = { markerEnd: { type: 'arrowclosed' as const, color: '#5f6670' } };
// React Flow's MIT licence allows hiding the link; its text would be the only English on screen.
const PRO_OPTIONS = { hideAttribution: true };
const HELP_ID = 'quipu-flow-help';
// The canvas takes the viewport's height less the app bar, the tabs, its toolbar and its help line,
// but never so little that a few skills do not fit. Full screen covers the app bar too (not the
// dialogs and notices, which sit higher).
const CANVAS_HEIGHT = { xs: 'max(360px, calc(100dvh - 260px))', md: 'max(480px, calc(100vh - 200px))' };
// The layout's content is its own layer (z-index 2) below the app bar; while the diagram fills the
// screen it stops being one, so the diagram's z-index ranks against the app bar and the sidebar.
const FULL_SCREEN_PAGE = { 'body .layout .RaLayout-content': { zIndex: 'auto' } } as const;
const FULL_SCREEN = { position: 'fixed', top: 0, right: 0, bottom: 0, left: 0, zIndex: (theme: Theme) => theme.zIndex.drawer + 1, bgcolor: 'background.paper', p: 1, display: 'flex', flexDirection: 'column' } as const;

export interface FlowCanvasProps {
  botId: string;
  canEdit: boolean;
  skills: readonly SkillSummary[];
  value: unknown;
  onChange: (diagram: Diagram) => void;
}

export function FlowCanvas({ botId, canEdit, skills, value, onChange }: FlowCanvasProps) {
  const flow = useFlowDiagram(value, onChange, skills);
  const { diagram, current, commit, undo, redo } = flow;
  const rf = useReactFlow<SkillFlowNode, LinkFlowEdge>();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const linkLabel = useCallback((source: string, target: string) => translate('quipu.flujo.enlace', { source, target }), [translate]);
  const nodeLabel = useCallback((skill: SkillSummary, uso?: SkillUso) => skillAriaLabel(translate, skill, uso), [translate]);
  const cache = useSkillsCache(botId);
  const wrapper = useRef<HTMLDivElement>(null);
  const skillsById = useMemo(() => new Map(skills.map((skill) => [skill.id, skill])), [skills]);

  // React Flow's nodes and edges follow the diagram, reusing every unchanged object.
  const [nodes, setNodes] = useState<SkillFlowNode[]>([]);
  const [edges, setEdges] = useState<LinkFlowEdge[]>([]);
  // 'Ver uso''s numbers reach the nodes as node data: set once when they arrive, never per drag.
  const [usage, setUsage] = useState<UsageMap | null>(null);
  const [synced, setSynced] = useState<{ diagram: Diagram; skillsById: Map<string, SkillSummary>; usage: UsageMap | null } | null>(null);
  if (synced?.diagram !== diagram || synced.skillsById !== skillsById || synced.usage !== usage) {
    setSynced({ diagram, skillsById, usage });
    setNodes((previous) => syncNodes(previous, diagram, skillsById, usage, nodeLabel));
    setEdges((previous) => syncEdges(previous, diagram, skillsById, linkLabel));
  }

  const onNodesChange = useCallback(
    (changes: NodeChange<SkillFlowNode>[]) => {
      setNodes((previous) => applyNodeChanges(changes, previous));
      // A drag that ended, or a move with the arrow keys: one history entry.
      const moved = new Map<string, Point>();
      for (const change of changes) if (change.type === 'position' && change.position && change.dragging === false) moved.set(change.id, change.position);
      if (moved.size > 0) commit((diagram) => moveNodes(diagram, moved));
    },
    [commit],
  );
  const onEdgesChange = useCallback((changes: EdgeChange<LinkFlowEdge>[]) => {
    setEdges((previous) => applyEdgeChanges(changes.filter((change) => change.type !== 'remove'), previous));
  }, []);
  const onConnect = useCallback((link: Connection) => commit((diagram) => addLink(diagram, link.source, link.target)), [commit]);
  const isValidConnection = useCallback((link: Connection | LinkFlowEdge) => link.source !== link.target, []);

  /** Centers the view on a skill and focuses it; `select` also makes it the only selection. */
  const showSkill = useCallback(
    (id: string, select: boolean) => {
      const node = rf.getNode(id);
      if (!node) return;
      if (select) {
        setNodes((previous) => previous.map((n) => ((n.id === id) === Boolean(n.selected) ? n : { ...n, selected: n.id === id })));
        setEdges((previous) => (previous.some((e) => e.selected) ? previous.map((e) => (e.selected ? { ...e, selected: false } : e)) : previous));
      }
      void rf.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, { zoom: Math.max(rf.getZoom(), 0.75) });
      focusWhenDrawn(wrapper.current, id);
    },
    [rf],
  );
  const pickSkill = useCallback((id: string) => showSkill(id, true), [showSkill]);
  const openSkill = useCallback((id: string) => navigate(`/skill/${id}`), [navigate]);
  const onNodeDoubleClick = useCallback((_: MouseEvent, node: SkillFlowNode) => openSkill(node.id), [openSkill]);

  // A skill created or deleted is already stored: the bot is saved with its diagram at once (as
  // Guardar does), so the diagram agrees with the skills and opening one asks nothing. Adding and
  // deleting wait while the bot is being saved: the next save must send the rev this one gets back.
  const saveForm = useEditorFormSave();
  const saveBot = useCallback(() => void saveForm?.(), [saveForm]);
  const { isSubmitting } = useFormState();

  // 'Agregar Skill': the created skill goes in the middle of the view, selected and focused.
  const [adding, setAdding] = useState(false);
  const justCreated = useRef<string | null>(null);
  const onCreated = useCallback(
    (skill: SkillSummary) => {
      cache.added(skill);
      const box = wrapper.current?.querySelector('.react-flow')?.getBoundingClientRect();
      const middle = rf.screenToFlowPosition({ x: (box?.left ?? 0) + (box?.width ?? 0) / 2, y: (box?.top ?? 0) + (box?.height ?? 0) / 2 });
      commit((diagram) => addNode(diagram, skill.id, placeNear(diagram.nodes, middle)), false);
      justCreated.current = skill.id;
      saveBot();
    },
    [cache, commit, rf, saveBot],
  );
  useEffect(() => {
    const id = justCreated.current;
    if (id && nodes.some((node) => node.id === id)) {
      justCreated.current = null;
      showSkill(id, true);
    }
  }, [nodes, showSkill]);

  // 'Eliminar seleccionados' and Supr: the selection, or else the focused skill, after confirmation.
  const [selection, setSelection] = useState<Selection | null>(null);
  const askDelete = useCallback(
    (focused?: string) => {
      let skillIds = selectedIds(rf.getNodes());
      const linkIds = selectedIds(rf.getEdges());
      if (skillIds.length === 0 && linkIds.length === 0 && focused) skillIds = [focused];
      if (skillIds.length === 0 && linkIds.length === 0) {
        const text = translate('quipu.flujo.nadaSeleccionado');
        notify(text, noticeText(text, 'info'));
        return;
      }
      const chosen = skillIds.map((id) => skillsById.get(id)).filter((skill): skill is SkillSummary => !!skill);
      setSelection({ skills: chosen, links: linksGoing(current(), skillIds, linkIds) });
    },
    [current, notify, rf, skillsById, translate],
  );
  const onDeleted = useCallback(
    (skillIds: string[], linkIds: string[]) => {
      commit((diagram) => removeElements(diagram, skillIds, linkIds));
      cache.removed(skillIds);
      if (skillIds.length > 0) saveBot();
    },
    [cache, commit, saveBot],
  );
  const linkName = useCallback((link: DiagramEdge) => linkLabel(skillsById.get(link.source)?.nm ?? link.source, skillsById.get(link.target)?.nm ?? link.target), [linkLabel, skillsById]);

  // 'Ordenar automáticamente': ELK in a worker, then one history entry with every new position.
  const [laying, setLaying] = useState(false);
  const arrange = useCallback(async () => {
    setLaying(true);
    try {
      const positions = await layoutDiagram(current());
      commit((diagram) => moveNodes(diagram, positions));
      requestAnimationFrame(() => void rf.fitView(INITIAL_FIT));
    } catch {
      // ELK's own errors are English and internal: the user gets ours.
      const text = translate('quipu.flujo.errorOrden');
      notify(text, noticeText(text, 'error'));
    } finally {
      setLaying(false);
    }
  }, [commit, current, notify, rf, translate]);

  const fitInitial = useCallback(() => void rf.fitView(INITIAL_FIT), [rf]);
  const [full, setFull] = useFullScreen(fitInitial);

  // The minimap sits beside the canvas, never over a skill; narrow screens start without it.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [miniMap, setMiniMap] = useState(wide);

  // Stable, so the toolbar does not render again while nodes are dragged.
  const search = useMemo(() => <FlowSearch skills={skills} onPick={pickSkill} />, [skills, pickSkill]);
  const uso = useMemo(() => <FlowUsage botId={botId} onUsage={setUsage} />, [botId]);
  const actions = useMemo<ToolbarActions>(
    () => ({
      onAdd: () => setAdding(true),
      onDelete: () => askDelete(),
      onZoomOut: () => void rf.zoomOut(),
      onFit: () => void rf.fitView(FIT),
      onZoomIn: () => void rf.zoomIn(),
      onLayout: () => void arrange(),
      onUndo: undo,
      onRedo: redo,
      onFullScreen: () => setFull((on) => !on),
      onMiniMap: () => setMiniMap((on) => !on),
    }),
    [arrange, askDelete, redo, rf, setFull, undo],
  );

  const focusSkill = useCallback((id: string) => showSkill(id, false), [showSkill]);
  const onKeyDown = useFlowKeyboard({ wrapper, canEdit, current, undo, redo, open: openSkill, askDelete, focusSkill });

  return (
    <Box ref={wrapper} className="quipu-flow" onKeyDown={onKeyDown} sx={full ? FULL_SCREEN : undefined}>
      {full && <GlobalStyles styles={FULL_SCREEN_PAGE} />}
      <FlowToolbar
        canEdit={canEdit}
        canUndo={flow.canUndo}
        canRedo={flow.canRedo}
        laying={laying}
        saving={isSubmitting}
        fullScreen={full}
        miniMap={miniMap}
        search={search}
        usage={uso}
        actions={actions}
      />
      {laying && <LinearProgress aria-label={translate('quipu.flujo.ordenando')} sx={{ mb: 1 }} />}
      {skills.length === 0 && <Typography sx={{ mb: 1 }}>{translate('quipu.flujo.vacio')}</Typography>}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 1, ...(full ? { flex: 1, minHeight: 0 } : {}) }}>
        {/* In a column (phones) flex: 1 would override the height; it only fills a row, or the full screen. */}
        <Box sx={{ flex: full ? 1 : { xs: 'none', md: 1 }, minWidth: 0, height: full ? 'auto' : CANVAS_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fafafa' }}>
          <ReactFlow<SkillFlowNode, LinkFlowEdge>
            aria-label={translate('quipu.flujo.region')}
            aria-describedby={HELP_ID}
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            onNodeDoubleClick={onNodeDoubleClick}
            nodesConnectable={canEdit}
            deleteKeyCode={null}
            zoomOnDoubleClick={false}
            onlyRenderVisibleElements
            fitView={!diagram.viewport}
            fitViewOptions={INITIAL_FIT}
            defaultViewport={diagram.viewport}
            minZoom={0.05}
            maxZoom={2}
            defaultEdgeOptions={EDGE_OPTIONS}
            ariaLabelConfig={ARIA_LABELS}
            proOptions={PRO_OPTIONS}
          />
        </Box>
        {miniMap && <FlowMiniMap diagram={diagram} skills={skillsById} />}
      </Box>
      <Typography id={HELP_ID} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('quipu.flujo.ayuda')}
      </Typography>
      {adding && <AddSkillDialog botId={botId} onCreated={onCreated} onClose={() => setAdding(false)} />}
      {selection && <DeleteSelectionDialog botId={botId} selection={selection} linkName={linkName} onDeleted={onDeleted} onClose={() => setSelection(null)} />}
    </Box>
  );
}
