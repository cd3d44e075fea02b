// The diagram's toolbar: add and delete skills (canEdit), zoom out, fit, zoom in, automatic
// layout, undo, redo, the minimap and full screen switches, the skill search and 'Ver uso'. Every button has a Spanish accessible name.
import { memo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MapIcon from '@mui/icons-material/Map';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslate } from 'react-admin';

export interface ToolbarActions {
  onAdd: () => void;
  onDelete: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  onZoomIn: () => void;
  onLayout: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onMiniMap: () => void;
  onFullScreen: () => void;
}

export interface FlowToolbarProps {
  canEdit: boolean;
  canUndo: boolean;
  canRedo: boolean;
  laying: boolean;
  /** The bot is being saved: adding or deleting skills, each a save of its own, waits for it. */
  saving?: boolean;
  fullScreen: boolean;
  miniMap: boolean;
  search: ReactNode;
  /** 'Ver uso' and its days. */
  usage: ReactNode;
  actions: ToolbarActions;
}

function ToolButton({ label, icon, onClick, disabled }: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  // A native title, not MUI's Tooltip: that one needs a wrapping span on disabled buttons and
  // copies the aria-label onto it, which ARIA forbids on a plain span.
  return (
    <IconButton aria-label={label} title={label} onClick={onClick} disabled={disabled} size="small">
      {icon}
    </IconButton>
  );
}

export const FlowToolbar = memo(function FlowToolbar({ canEdit, canUndo, canRedo, laying, saving = false, fullScreen, miniMap, search, usage, actions }: FlowToolbarProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }} role="toolbar" aria-label={translate('quipu.flujo.region')}>
      {canEdit && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={actions.onAdd} disabled={saving}>
          {translate('quipu.flujo.agregar')}
        </Button>
      )}
      {canEdit && (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={actions.onDelete} disabled={saving}>
          {translate('quipu.flujo.eliminar')}
        </Button>
      )}
      <ToolButton label={translate('quipu.flujo.alejar')} icon={<ZoomOutIcon />} onClick={actions.onZoomOut} />
      <ToolButton label={translate('quipu.flujo.ajustar')} icon={<FitScreenIcon />} onClick={actions.onFit} />
      <ToolButton label={translate('quipu.flujo.acercar')} icon={<ZoomInIcon />} onClick={actions.onZoomIn} />
      <Button size="small" startIcon={<AccountTreeIcon />} onClick={actions.onLayout} disabled={laying}>
        {translate('quipu.flujo.ordenar')}
      </Button>
      <ToolButton label={translate('quipu.flujo.deshacer')} icon={<UndoIcon />} onClick={actions.onUndo} disabled={!canUndo} />
      <ToolButton label={translate('quipu.flujo.rehacer')} icon={<RedoIcon />} onClick={actions.onRedo} disabled={!canRedo} />
      <ToolButton label={translate(miniMap ? 'quipu.flujo.ocultarMinimapa' : 'quipu.flujo.mostrarMinimapa')} icon={miniMap ? <MapIcon /> : <MapOutlinedIcon />} onClick={actions.onMiniMap} />
      <ToolButton
        label={translate(fullScreen ? 'quipu.flujo.salirPantallaCompleta' : 'quipu.flujo.pantallaCompleta')}
        icon={fullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        onClick={actions.onFullScreen}
      />
      {search}
      {usage}
    </Stack>
  );
});
